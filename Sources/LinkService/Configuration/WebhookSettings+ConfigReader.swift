import Configuration
import Foundation
import LinkCore

extension WebhookSettings {
    /// The configuration keys, as `wayfinder serve --help` documents them.
    package static let documentedKeys: [(key: String, environment: String, meaning: String)] = [
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
        (
            "wayfinder.webhooks.pace", "WAYFINDER_WEBHOOKS_PACE",
            "true: delivery pauses while its thread waits for a core as long as it runs (Linux; small machines whose cores visits keep busy; default false)"
        ),
    ]

    /// Reads the documented keys under `wayfinder.webhooks`.
    package mutating func read(from scope: ConfigReader) throws {
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
        pace = webhooks.bool(forKey: "pace", default: pace)
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
