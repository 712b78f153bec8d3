import HTTPTypes
import Hummingbird
import LinkCore
import NIOCore

/// The one place that writes the security headers of the server's HTML pages: the preview page,
/// the `404` page, the `?d=1` debug page and every console page.
///
/// Every HTML answer carries a Content-Security-Policy (nothing loads or runs but what the page
/// names; `frame-ancestors 'none'`), `X-Frame-Options: DENY` for browsers that predate
/// `frame-ancestors`, `X-Content-Type-Options: nosniff` and a `Referrer-Policy`.
package enum SecurityHeaders {
    /// The policy of the redirect path's pages: images over https (the app icon, the social
    /// card), and only the page's own inline style and script, marked with `nonce`.
    package static func pagePolicy(nonce: String, formAction: String = "'none'") -> String {
        [
            "default-src 'none'", "img-src https: data:", "style-src 'nonce-\(nonce)'", "script-src 'nonce-\(nonce)'",
            "base-uri 'none'", "form-action \(formAction)", "frame-ancestors 'none'",
        ].joined(separator: "; ")
    }

    /// A fresh nonce for one response's inline style and script (128 random bits, base64url).
    package static func makeNonce() -> String {
        Base64URL.encode(SecureRandom.bytes(16))
    }

    /// Sets the security headers on `headers`, with `policy` as the Content-Security-Policy.
    package static func apply(
        to headers: inout HTTPFields, policy: String, referrerPolicy: String = "strict-origin-when-cross-origin"
    ) {
        headers[.contentSecurityPolicy] = policy
        headers[.xFrameOptions] = "DENY"
        headers[.xContentTypeOptions] = "nosniff"
        headers[.referrerPolicy] = referrerPolicy
    }

    /// An HTML page of the redirect path, never cached, under ``pagePolicy(nonce:)`` with the
    /// nonce its text was rendered with.
    package static func page(_ status: HTTPResponse.Status, html: String, nonce: String, formAction: String = "'none'")
        -> Response
    {
        page(status, body: ByteBuffer(string: html), nonce: nonce, formAction: formAction)
    }

    /// ``page(_:html:nonce:formAction:)`` with the page's bytes.
    package static func page(_ status: HTTPResponse.Status, body: ByteBuffer, nonce: String, formAction: String)
        -> Response
    {
        var headers: HTTPFields = [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"]
        apply(to: &headers, policy: pagePolicy(nonce: nonce, formAction: formAction))
        return Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }
}
