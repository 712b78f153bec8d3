import LinkCore

/// A request budget: `requests` per `period`, refilled continuously (a token bucket).
public struct RateLimit: Sendable, Hashable {
    public var requests: Int
    public var period: Duration

    public init(requests: Int, per period: Duration) {
        self.requests = requests
        self.period = period
    }
}
