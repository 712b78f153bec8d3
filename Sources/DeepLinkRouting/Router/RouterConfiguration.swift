extension Router {
    /// Which pending links ``Router/activate()`` replays.
    public enum PendingPolicy: Sendable, Hashable {
        /// Only the newest; older ones are ``DeepLinkOutcome/superseded`` (the default).
        case latestOnly
        /// All of them, oldest first.
        case all
    }

    /// How the router behaves; every setting has a default.
    public struct Configuration: Sendable {
        /// Which links that arrived before ``Router/activate()`` are replayed; only the newest by default.
        public var pendingPolicy: PendingPolicy = .latestOnly
        /// Pending links older than this when the router activates are dropped; `nil` keeps all.
        public var pendingMaxAge: Duration? = .seconds(300)
        /// Whether a newer link supersedes one waiting on a barrier (otherwise it waits its turn).
        public var newerLinkSupersedesWaiting = true
        /// Barriers every link must pass, before the route's own.
        public var mandatoryBarriers: [String] = []
        /// For barriers without their own timeout; `nil` waits as long as the barrier takes.
        public var barrierTimeout: Duration? = nil
        /// For routes without their own timeout; `nil` waits as long as the handler takes.
        public var handlerTimeout: Duration? = nil
        /// Scheme and host allow and deny lists checked before anything else; allows everything by default.
        public var filter = LinkFilter()
        /// The clock for timeouts and the age of pending links; tests pass one they control.
        public var clock: RouterClock = .continuous

        /// The default settings: replay the newest pending link if it is at most 5 minutes old, newer
        /// links supersede waiting ones, no mandatory barriers, no timeouts, no filter.
        public init() {}
    }
}
