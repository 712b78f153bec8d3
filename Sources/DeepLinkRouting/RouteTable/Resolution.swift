/// What a ``RouteTable`` makes of a link, without running anything.
public enum Resolution: Sendable, Hashable {
    /// The link opens a route.
    case matched(RouteMatch)
    /// Neither http(s) on one of the app's domains nor one of its custom schemes: the app handles
    /// it some other way.
    case notDeepLink
    /// A universal link whose path matches an `exclude` pattern: it never opens the app.
    case excluded
    /// One of the app's links, but no route matches it.
    case notFound
    /// The link cannot be read; `reason` says why.
    case invalid(reason: String)

    /// The outcome's name as `wayfinder route` prints it: `matched`, `notDeepLink`, ….
    public var name: String {
        switch self {
        case .matched: "matched"
        case .notDeepLink: "notDeepLink"
        case .excluded: "excluded"
        case .notFound: "notFound"
        case .invalid: "invalid"
        }
    }

    /// The match, when there is one.
    public var match: RouteMatch? {
        if case .matched(let match) = self { return match }
        return nil
    }
}
