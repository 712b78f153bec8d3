import LinkCore

/// A page of the redirect path (preview, `404`, `?d=1`): its inline style and script carry the
/// Content-Security-Policy nonce of the response, set by ``PageRenderer/response(for:status:)``.
package protocol NoncePage: PageModel {
    var nonce: String { get set }
    /// Whether the page's forms submit to the server itself (`form-action 'self'`); no form of
    /// other pages submits anywhere.
    static var submitsForms: Bool { get }
    /// The CSP `form-action` sources: from ``submitsForms`` unless a page says otherwise.
    static var formActionSources: String { get }
}

extension NoncePage {
    package static var submitsForms: Bool { false }
    package static var formActionSources: String { submitsForms ? "'self'" : "'none'" }
}
