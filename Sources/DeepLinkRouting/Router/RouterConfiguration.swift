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
        public var filter = LinkFilter()
        public var clock: RouterClock = .continuous

        public init() {}
    }
}
