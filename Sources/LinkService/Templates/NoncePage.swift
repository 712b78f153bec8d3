/// A page of the redirect path (preview, `404`, `?d=1`): its inline style and script carry the
/// Content-Security-Policy nonce of the response, set by ``PageRenderer/response(for:status:)``.
protocol NoncePage: PageModel {
    var nonce: String { get set }
}
