import Prometheus

/// The webhooks' series in `/metrics`.
final class WebhookMetrics: Sendable {
    private let attemptsByOutcome: [WebhookAttempt.Outcome: Counter]
    let clickEventsQueued: Counter
    let clickEventsDropped: Counter

    init(registry: PrometheusCollectorRegistry) {
        var attempts: [WebhookAttempt.Outcome: Counter] = [:]
        for outcome in [WebhookAttempt.Outcome.delivered, .retrying, .failed, .disabled] {
            attempts[outcome] = registry.makeCounter(
                descriptor: .wayfinder(
                    "webhook_attempts", unit: "total", help: "Webhook delivery attempts, by what they led to"),
                labels: [("outcome", outcome.rawValue)])
        }
        attemptsByOutcome = attempts
        clickEventsQueued = registry.makeCounter(
            descriptor: .wayfinder(
                "webhook_click_events_queued", unit: "total", help: "link.clicked webhook messages queued"))
        clickEventsDropped = registry.makeCounter(
            descriptor: .wayfinder(
                "webhook_click_events_dropped", unit: "total",
                help: "link.clicked webhook messages dropped because the outbox held its bound of click events"))
    }

    func countAttempt(_ outcome: WebhookAttempt.Outcome) {
        attemptsByOutcome[outcome]?.increment()
    }
}
