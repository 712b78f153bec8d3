import Prometheus

/// The webhooks' series in `/metrics`.
final class WebhookMetrics: Sendable {
    private let attemptsByOutcome: [WebhookAttempt.Outcome: Counter]
    let clickEventsQueued: Counter
    let clickEventsDropped: Counter

    init(registry: PrometheusCollectorRegistry) {
        attemptsByOutcome = registry.wayfinderCounters(
            "webhook_attempts", help: "Webhook delivery attempts, by what they led to", label: "outcome",
            values: [WebhookAttempt.Outcome.delivered, .retrying, .failed, .disabled])
        clickEventsQueued = registry.wayfinderCounter(
            "webhook_click_events_queued", help: "link.clicked webhook messages queued")
        clickEventsDropped = registry.wayfinderCounter(
            "webhook_click_events_dropped",
            help: "link.clicked webhook messages dropped because the outbox held its bound of click events")
    }

    func countAttempt(_ outcome: WebhookAttempt.Outcome) {
        attemptsByOutcome[outcome]?.increment()
    }
}
