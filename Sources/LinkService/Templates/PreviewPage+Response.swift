import HTTPTypes
import Hummingbird
import NIOCore

extension PageRenderer {
    /// The preview page as a response, under a strict Content-Security-Policy: nothing loads but
    /// images (the app icon and the social card, over https), and only the page's own inline
    /// style and script run, marked with a nonce made for this response (see ``SecurityHeaders``).
    func response(for page: PreviewPage) -> Response {
        let nonce = SecurityHeaders.makeNonce()
        return SecurityHeaders.page(.ok, html: render(page, nonce: nonce), nonce: nonce)
    }

    /// The `404` page of an unknown or expired link (or an unknown host), with its security headers.
    func notFoundResponse(siteName: String?, websiteURL: String?) -> Response {
        let nonce = SecurityHeaders.makeNonce()
        return SecurityHeaders.page(
            .notFound, html: renderNotFound(siteName: siteName, websiteURL: websiteURL, nonce: nonce), nonce: nonce)
    }
}
