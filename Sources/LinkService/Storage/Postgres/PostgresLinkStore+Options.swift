extension PostgresLinkStore {
    /// How the PostgreSQL store waits and how many connections it opens; every field has a
    /// working default.
    public struct Options: Sendable, Hashable {
        /// Longest wait for an answer. A request that needs the database while it is away gets
        /// `503` after this long instead of hanging; keep it below the load balancer's timeout.
        public var queryTimeout: Duration
        /// Longest wait for a new connection, at start-up and when the pool reconnects.
        public var connectTimeout: Duration
        /// Connections each instance opens at most (PostgreSQL's `max_connections` must cover
        /// every instance's pool, plus one listening connection per instance).
        public var maximumConnections: Int

        public init(
            queryTimeout: Duration = .seconds(2), connectTimeout: Duration = .seconds(5), maximumConnections: Int = 20
        ) {
            self.queryTimeout = queryTimeout
            self.connectTimeout = connectTimeout
            self.maximumConnections = maximumConnections
        }
    }
}
