/// The kind of URL ``RouteTable/url(for:parameters:style:)`` builds.
public enum LinkStyle: Sendable, Hashable {
    /// `https://<domain>/<path>` from the route's `paths`.
    case universalLink(domain: String)
    /// `<scheme>://<host>/<path>` from the route's `schemeLinks`; the first scheme link's scheme.
    case customScheme
}
