import Configuration
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

    public init(
        allowPrivate: Bool = false, endpointLimit: Int = 20, clickEventLimit: Int = Self.defaultClickEventLimit,
        retrySchedule: [Duration] = Self.standardSchedule, timeout: Duration = .seconds(15),
        pollInterval: Duration = .milliseconds(500), concurrency: Int = 16, batchSize: Int = 128,
        retention: Duration = .seconds(7 * 86_400),
        lease: Duration = .seconds(60), rotationOverlap: Duration = .seconds(86_400), deliver: Bool = true
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
    }

    /// Standard Webhooks' example schedule: 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h
    /// (about 75 hours from the first attempt to the last).
    public static let standardSchedule: [Duration] = [
        .seconds(5), .seconds(300), .seconds(1800), .seconds(7200), .seconds(18_000), .seconds(36_000),
        .seconds(50_400), .seconds(72_000), .seconds(86_400),
    ]

    /// The configuration keys, as `wayfinder serve --help` documents them.
    static let documentedKeys: [(key: String, environment: String, meaning: String)] = [
        (
            "wayfinder.webhooks.allow.private", "WAYFINDER_WEBHOOKS_ALLOW_PRIVATE",
            "1/true: webhook URLs may be http and reach loopback and private networks (tests only; default false)"
        ),
        (
            "wayfinder.webhooks.retry.seconds", "WAYFINDER_WEBHOOKS_RETRY_SECONDS",
            "seconds between webhook attempts, comma-separated (default 5,300,1800,7200,18000,36000,50400,72000,86400)"
        ),
        (
            "wayfinder.webhooks.click.limit", "WAYFINDER_WEBHOOKS_CLICK_LIMIT",
            "undelivered link.clicked events kept at most; newer ones are dropped (default 100000)"
        ),
        (
            "wayfinder.webhooks.lease.seconds", "WAYFINDER_WEBHOOKS_LEASE_SECONDS",
            "seconds an instance holds the events it sends before another may (default 60; more than 15)"
        ),
        (
            "wayfinder.webhooks.deliver", "WAYFINDER_WEBHOOKS_DELIVER",
            "false: this instance queues webhook events but sends none (default true)"
        ),
    ]

    /// Reads the documented keys under `wayfinder.webhooks`.
    mutating func read(from scope: ConfigReader) throws {
        let webhooks = scope.scoped(to: "webhooks")
        if let text = webhooks.string(forKey: "allow.private") {
            allowPrivate = ["1", "true", "yes"].contains(text.lowercased())
        }
        if let text = webhooks.string(forKey: "retry.seconds") {
            let seconds = text.split(separator: ",").map { Int($0.trimmingCharacters(in: .whitespaces)) }
            guard !seconds.isEmpty, seconds.allSatisfy({ ($0 ?? -1) >= 0 }) else {
                throw LinkServiceConfiguration.InvalidValue(
                    key: "wayfinder.webhooks.retry.seconds", value: text,
                    expected: "whole numbers of seconds separated by commas, such as 5,300,1800")
            }
            retrySchedule = seconds.map { .seconds($0 ?? 0) }
        }
        clickEventLimit = webhooks.int(forKey: "click.limit", default: clickEventLimit)
        deliver = webhooks.bool(forKey: "deliver", default: deliver)
        if let seconds = webhooks.int(forKey: "lease.seconds") {
            guard Duration.seconds(seconds) > timeout else {
                throw LinkServiceConfiguration.InvalidValue(
                    key: "wayfinder.webhooks.lease.seconds", value: String(seconds),
                    expected: "more seconds than an attempt may take (\(timeout))")
            }
            lease = .seconds(seconds)
        }
    }
}
