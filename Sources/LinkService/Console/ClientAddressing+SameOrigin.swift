import DeepLinkRouting
import Hummingbird
import LinkCore

extension ClientAddressing {
    /// Refuses (`403`, `cross-site`) a console form whose `Origin` is not the host the request
    /// asked for, whatever it carries: with `SameSite=Strict` it has no session anyway, but this
    /// also keeps another site from signing a browser in with the attacker's key. `Origin: null`
    /// (a sandboxed frame, a `data:` page) is another site too; a request without `Origin` (not
    /// a browser's form) passes.
    package func checkSameOrigin(_ request: Request, context: LinkRequestContext) throws(Problem) {
        guard let origin = request.headers[.origin] else { return }
        let host = forwardedHost(of: request, context: context)
        guard origin != "null", let url = SplitURL(origin), url.hasValidAuthority, let originHost = url.host,
            (originHost + (url.portNumber.map { ":\($0)" } ?? "")).lowercased() == host.lowercased()
        else {
            throw Problem(
                .forbidden, .crossSite, title: "The form came from another site",
                detail: "Console forms are accepted only from the console's own pages; nothing was changed.")
        }
    }
}
