/// What the manifest's route table says about a URL, as far as the link service needs it.
///
/// The service's own view of the router's outcome (issue #3's `RouteTable`): kept small so the
/// seam between the two modules is one function, ``RouteResolving/resolve(_:)``.
package enum RouteResolution: Sendable, Hashable {
    /// A route of the manifest opens this URL.
    case matched(route: String, parameters: [String: String])
    /// Not http(s) on a manifest domain nor one of its custom schemes.
    case notDeepLink
    /// Matches an `exclude` pattern: never opens the app.
    case excluded
    /// On a manifest domain or scheme, but no route matches.
    case notFound
    /// The URL cannot be parsed.
    case invalid(reason: String)
}

/// Resolves URLs against one manifest's routes, synchronously and without side effects.
package protocol RouteResolving: Sendable {
    func resolve(_ url: String) -> RouteResolution
    /// The route's custom-scheme link for these parameters (reverse routing through its
    /// `schemeLinks`), or `nil` when it has none that fits.
    func schemeLink(route: String, parameters: [String: String]) -> String?
}
