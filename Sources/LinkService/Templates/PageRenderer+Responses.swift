import HTTPTypes
import Hummingbird
import LinkCore

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

    /// The `404` page of an unknown or expired link (or an unknown host), with its security headers.
    package func notFoundResponse(siteName: String?, websiteURL: String?) -> Response {
        response(for: NotFoundPage(siteName: siteName, websiteURL: websiteURL), status: .notFound)
    }
}
