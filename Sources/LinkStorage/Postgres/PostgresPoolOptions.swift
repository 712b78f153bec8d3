import LinkCore

/// How the PostgreSQL store waits and how many connections it opens; every field has a
/// working default.
///
/// The defaults suit a short-lived store (a command, a test): connections are opened as
/// requests need them and closed after a minute without one. A server under steady load is
/// better served by a fixed pool (``minimumConnections`` equal to ``maximumConnections``) and
/// a short ``keepAliveInterval``, as `wayfinder serve` configures it: the pool arms the
/// idle-timeout and keep-alive timers of a connection every time it goes back to the pool and
/// cancels them when it is leased again, and on Linux a cancelled timer keeps its memory
/// until the time it was set for. So the memory those timers hold grows with the request
/// rate times the two periods (at about 2,300 requests a second with these defaults, some
/// 130 MB); a fixed pool has no idle-timeout timers at all.
public struct PostgresPoolOptions: Sendable, Hashable {
    /// Longest wait for an answer. A request that needs the database while it is away gets
    /// `503` after this long instead of hanging; keep it below the load balancer's timeout.
    public var queryTimeout: Duration
    /// Longest wait for a new connection, at start-up and when the pool reconnects.
    public var connectTimeout: Duration
    /// Connections each instance opens at most (PostgreSQL's `max_connections` must cover
    /// every instance's pool, plus one listening connection per instance).
    public var maximumConnections: Int
    /// Connections kept open even when no request needs them (opened at start, reopened when
    /// lost); at most ``maximumConnections``. Connections above it close after
    /// ``idleTimeout`` without a request.
    public var minimumConnections: Int
    /// How long a connection above ``minimumConnections`` stays open without a request.
    public var idleTimeout: Duration
    /// How long a connection may sit unused before it runs `SELECT 1`, so that firewalls and
    /// NAT gateways, which drop quiet connections after a few minutes, keep it; `nil` never.
    public var keepAliveInterval: Duration?

    public init(
        queryTimeout: Duration = .seconds(2), connectTimeout: Duration = .seconds(5), maximumConnections: Int = 20,
        minimumConnections: Int = 0, idleTimeout: Duration = .seconds(60),
        keepAliveInterval: Duration? = .seconds(30)
    ) {
        self.queryTimeout = queryTimeout
        self.connectTimeout = connectTimeout
        self.maximumConnections = maximumConnections
        self.minimumConnections = minimumConnections
        self.idleTimeout = idleTimeout
        self.keepAliveInterval = keepAliveInterval
    }

    /// The options `wayfinder serve` starts with: a fixed pool of `connections` and a
    /// keep-alive query after 5 seconds unused.
    public static func server(connections: Int = 20, keepAliveInterval: Duration? = .seconds(5)) -> PostgresPoolOptions
    {
        PostgresPoolOptions(
            maximumConnections: connections, minimumConnections: connections, keepAliveInterval: keepAliveInterval)
    }
}

extension PostgresLinkStore {
    package typealias Options = PostgresPoolOptions
}
