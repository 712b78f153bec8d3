/// What the router did with one link.
public enum DeepLinkOutcome: Sendable {
    /// The route's handler (or a plugin) opened it.
    case opened(RouteMatch)
    /// Not one of the app's links; the app handles it some other way.
    case notDeepLink
    /// A universal link on an `exclude` path: it never opens the app.
    case excluded
    /// One of the app's links, but no route or plugin takes it.
    case notFound
    /// A scheme or host deny (or allow) list turned it away.
    case forbidden(reason: String)
    /// The named barrier failed, timed out, or is unknown.
    case blocked(barrier: String)
    /// Held until ``Router/activate()``.
    case pending
    /// A newer link replaced it while it waited (on a barrier, or pending).
    case superseded
    /// The handler threw (for example ``HandlingError/notAvailable(route:)``).
    case failed(any Error)
    /// The handler did not finish within the route's timeout; a late completion changes nothing.
    case timedOut
    /// The link points at what is already on screen, so nothing was reopened.
    case alreadyShowing(RouteMatch)
    /// The link could not be read.
    case invalid(reason: String)

    /// The outcome's name: `opened`, `blocked`, ….
    public var name: String {
        switch self {
        case .opened: "opened"
        case .notDeepLink: "notDeepLink"
        case .excluded: "excluded"
        case .notFound: "notFound"
        case .forbidden: "forbidden"
        case .blocked: "blocked"
        case .pending: "pending"
        case .superseded: "superseded"
        case .failed: "failed"
        case .timedOut: "timedOut"
        case .alreadyShowing: "alreadyShowing"
        case .invalid: "invalid"
        }
    }

    /// The match, for ``opened(_:)`` and ``alreadyShowing(_:)``.
    public var match: RouteMatch? {
        switch self {
        case .opened(let match), .alreadyShowing(let match): match
        default: nil
        }
    }
}
