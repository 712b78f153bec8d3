import LinkCore

/// How long the HTTP server waits for a client, and how many connections one client address may
/// hold: what keeps stalled, trickling or idle sockets from using up the server's descriptors when
/// it faces the internet without a buffering proxy.
///
/// The defaults are nginx's (`client_header_timeout 60s`, `client_body_timeout 60s`,
/// `keepalive_timeout 75s`). A connection that misses a deadline is closed. Connections from a
/// trusted proxy (``LinkServiceConfiguration/trustedProxies``, or every peer with
/// ``LinkServiceConfiguration/trustForwardedFor``) are not counted against
/// ``connectionsPerAddress``: a proxy's connections carry many clients.
public struct ConnectionLimits: Sendable, Hashable {
    /// How long a new connection may take to send a whole request head (request line and
    /// headers).
    public var headTimeout: Duration
    /// How long a request may take to send its whole body, counted from the end of its head.
    public var bodyTimeout: Duration
    /// How long a keep-alive connection may stay silent after a response before it is closed
    /// (and then send the next request's whole head).
    public var idleTimeout: Duration
    /// Open connections allowed per client address (an IPv6 client's per /64); a connection past
    /// it is closed at once. `0` allows any number.
    public var connectionsPerAddress: Int
    /// Open connections allowed in all, below the process's file limit; `0`: derived from the
    /// file limit (``effectiveMaximumConnections``). At the ceiling a new connection takes the
    /// place of the one that has waited longest without a complete request head.
    public var maximumConnections: Int

    public init(
        headTimeout: Duration = .seconds(60), bodyTimeout: Duration = .seconds(60),
        idleTimeout: Duration = .seconds(75),
        connectionsPerAddress: Int = 256, maximumConnections: Int = 0
    ) {
        self.headTimeout = headTimeout
        self.bodyTimeout = bodyTimeout
        self.idleTimeout = idleTimeout
        self.connectionsPerAddress = connectionsPerAddress
        self.maximumConnections = maximumConnections
    }
}
