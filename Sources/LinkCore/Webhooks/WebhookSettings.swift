import Foundation

/// How webhooks are delivered (see Documentation/Webhooks.md).
public struct WebhookSettings: Sendable, Hashable {
    /// Undelivered `link.clicked` messages the outbox holds at most, by default.
    public static let defaultClickEventLimit = 100_000

    /// Endpoint URLs may be `http` and may resolve to loopback, private, link-local and
    /// unique-local addresses (`WAYFINDER_WEBHOOKS_ALLOW_PRIVATE=1`): for tests and private
    /// networks only, since it lets whoever holds an API key make the server call inside them.
    public var allowPrivate: Bool
    /// Endpoints a tenant may have.
    public var endpointLimit: Int
    /// Undelivered `link.clicked` messages the outbox holds at most; past it new click events
    /// are dropped (and counted), link events never.
    public var clickEventLimit: Int
    /// Waits before the second, third, … attempt (jittered by up to a fifth either way); after
    /// the last the event is failed. The default spans about three days, as Standard Webhooks
    /// recommends.
    public var retrySchedule: [Duration]
    /// How long one attempt may take.
    public var timeout: Duration
    /// How often the worker looks for due messages when it found none.
    public var pollInterval: Duration
    /// Requests one instance has in flight to one endpoint at most (a link's events still go one
    /// at a time, in order).
    public var concurrency: Int
    /// Messages one instance claims at once; their attempts are recorded in one transaction.
    public var batchSize: Int
    /// How long delivered and failed messages and the delivery log are kept.
    public var retention: Duration
    /// How long a claimed message is held by one instance: an instance that dies leaves it to
    /// another once this is over. Longer than ``timeout``.
    public var lease: Duration
    /// How long the previous secret keeps signing after a rotation.
    public var rotationOverlap: Duration
    /// Whether this instance runs the delivery worker.
    public var deliver: Bool
    /// Whether the worker pauses after a batch in which its thread waited for a core at least
    /// half as long as it ran (Linux; `WAYFINDER_WEBHOOKS_PACE`): for a small machine whose cores
    /// visits keep busy, where deliveries then wait for quieter moments. Off by default: with
    /// cores to spare it never pauses, and where it does it delivers a backlog several times
    /// slower while visits last.
    public var pace: Bool

    public init(
        allowPrivate: Bool = false, endpointLimit: Int = 20, clickEventLimit: Int = Self.defaultClickEventLimit,
        retrySchedule: [Duration] = Self.standardSchedule, timeout: Duration = .seconds(15),
        pollInterval: Duration = .milliseconds(500), concurrency: Int = 16, batchSize: Int = 128,
        retention: Duration = .seconds(7 * 86_400),
        lease: Duration = .seconds(60), rotationOverlap: Duration = .seconds(86_400), deliver: Bool = true,
        pace: Bool = false
    ) {
        self.allowPrivate = allowPrivate
        self.endpointLimit = endpointLimit
        self.clickEventLimit = clickEventLimit
        self.retrySchedule = retrySchedule
        self.timeout = timeout
        self.pollInterval = pollInterval
        self.concurrency = concurrency
        self.batchSize = batchSize
        self.retention = retention
        self.lease = lease
        self.rotationOverlap = rotationOverlap
        self.deliver = deliver
        self.pace = pace
    }

    /// Standard Webhooks' example schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h
    /// (about 75 hours from the first attempt to the last).
    public static let standardSchedule: [Duration] = [
        .seconds(5), .seconds(300), .seconds(1800), .seconds(7200), .seconds(18_000), .seconds(36_000),
        .seconds(50_400), .seconds(72_000), .seconds(86_400),
    ]
}
