import HTTPTypes
import Hummingbird
import NIOCore

extension PageRenderer {
    /// The preview page as a response, under a strict Content-Security-Policy: nothing loads but
    /// images (the app icon and the social card, over https), and only the page's own inline
    /// style and script run, marked with a nonce made for this response.
    func response(for page: PreviewPage) -> Response {
        var generator = SystemRandomNumberGenerator()
        let nonce = Base64URL.encode((0..<16).map { _ in generator.next() })
        let policy = [
            "default-src 'none'", "img-src https: data:", "style-src 'nonce-\(nonce)'", "script-src 'nonce-\(nonce)'",
            "base-uri 'none'", "form-action 'none'", "frame-ancestors 'none'",
        ].joined(separator: "; ")
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/html; charset=utf-8", .cacheControl: "no-store",
                .contentSecurityPolicy: policy, .xContentTypeOptions: "nosniff",
                PageRenderer.referrerPolicy: "strict-origin-when-cross-origin",
            ],
            body: .init(byteBuffer: ByteBuffer(string: render(page, nonce: nonce))))
    }

    static let referrerPolicy = HTTPField.Name.referrerPolicy
}
