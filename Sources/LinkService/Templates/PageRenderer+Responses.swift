import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore

extension PageRenderer {
    /// A page of the redirect path as a response, under a strict Content-Security-Policy: nothing
    /// loads but images (the app icon and the social card, over https), and only the page's own
    /// inline style and script run, marked with a nonce made for this response (see
    /// ``SecurityHeaders``).
    package func response(for page: some NoncePage, status: HTTPResponse.Status = .ok) -> Response {
        var page = page
        page.nonce = SecurityHeaders.makeNonce()
        return SecurityHeaders.page(
            status, html: render(page), nonce: page.nonce, formAction: type(of: page).formActionSources
        )
    }

    /// A page of the redirect path as ``response(for:status:)`` answers it, rendered once and
    /// spliced per visit: `page` holds ``PagePlaceholders/text(for:)`` where `visit`'s values go
    /// (its nonce is set here), and the text it draws is kept by ``SplicedPageCache`` for the next
    /// visit that draws the same page. Byte for byte what a fresh render with the same values
    /// draws.
    package func response<Page: NoncePage & Hashable>(
        for page: Page, status: HTTPResponse.Status = .ok, visit: PageVisitValues
    ) -> Response {
        response(splicedPage(for: page), of: Page.self, status: status, visit: visit)
    }

    /// `page` (a ``splicedPage(for:)`` of a `Page`) as ``response(for:status:visit:)`` answers it.
    package func response<Page: NoncePage>(
        _ page: SplicedPage, of _: Page.Type, status: HTTPResponse.Status = .ok, visit: PageVisitValues
    ) -> Response {
        var visit = visit
        visit.nonce = SecurityHeaders.makeNonce()
        return SecurityHeaders.page(
            status, body: page.body(visit), nonce: visit.nonce, formAction: Page.formActionSources)
    }

    /// The bytes of `page` (holding placeholders where `visit`'s values go) with `visit`'s values
    /// spliced in, nonce included: rendered at the first call for this page, taken from
    /// ``spliced`` afterwards.
    package func splicedBody<Page: NoncePage & Hashable>(for page: Page, visit: PageVisitValues) -> ByteBuffer {
        splicedPage(for: page).body(visit)
    }

    /// `page` (holding placeholders where a visit's values go) rendered with the nonce's
    /// placeholder and cut at the placeholders: rendered at the first call for this page, taken
    /// from ``spliced`` afterwards.
    package func splicedPage<Page: NoncePage & Hashable>(for page: Page) -> SplicedPage {
        var page = page
        page.nonce = placeholders.text(for: .nonce)
        return spliced.page(for: SplicedPageCache.Key(page)) { placeholders.splice(render(page)) }
    }

    /// The `404` page of an unknown or expired link, with its security headers.
    package func notFoundResponse(siteName: String?, websiteURL: String?) -> Response {
        response(for: NotFoundPage(siteName: siteName, websiteURL: websiteURL), status: .notFound, visit: .init())
    }
}
