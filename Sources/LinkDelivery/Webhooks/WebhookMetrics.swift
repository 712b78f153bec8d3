import LinkCore
import Prometheus

/// The webhooks' series in `/metrics`.
package final class WebhookMetrics: Sendable {
    private let attemptsByOutcome: [WebhookAttempt.Outcome: Counter]
    package let clickEventsQueued: Counter
    package let clickEventsDropped: Counter
    private let pauses: Counter
    private let pausedSeconds: Counter

    package init(registry: PrometheusCollectorRegistry) {
        attemptsByOutcome = registry.wayfinderCounters(
            "webhook_attempts", help: "Webhook delivery attempts, by what they led to", label: "outcome",
            values: [WebhookAttempt.Outcome.delivered, .retrying, .failed, .disabled])
        clickEventsQueued = registry.wayfinderCounter(
            "webhook_click_events_queued", help: "link.clicked webhook messages queued")
        clickEventsDropped = registry.wayfinderCounter(
            "webhook_click_events_dropped",
            help: "link.clicked webhook messages dropped because the outbox held its bound of click events")
        pauses = registry.wayfinderCounter(
            "webhook_delivery_pauses",
            help: "Pauses the delivery worker made because its thread waited for a core as other work ran")
        pausedSeconds = registry.makeCounter(
            descriptor: .wayfinder(
                "webhook_delivery_paused", unit: "seconds_total",
                help: "Time the delivery worker paused for because its thread waited for a core"))
    }

    /// A pause of the delivery worker's ``ContentionPacer`` (with ``WebhookSettings/pace`` only).
    package func countPause(_ pause: Duration) {
        pauses.increment()
        pausedSeconds.increment(by: pause.timeInterval)
    }

    package func countAttempt(_ outcome: WebhookAttempt.Outcome) {
        attemptsByOutcome[outcome]?.increment()
    }
}
