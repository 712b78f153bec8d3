import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Prometheus
import Testing

/// The one way the service's counters and gauges are registered, as `/metrics` shows them.
@Suite("Metric series")
struct MetricSeriesTests {
    @Test("webhook and analytics series carry the wayfinder_ name, the _total of counters and one series per label")
    func series() {
        let registry = PrometheusCollectorRegistry()
        let webhooks = WebhookMetrics(registry: registry)
        let analytics = AnalyticsMetrics(registry: registry)
        webhooks.countAttempt(.delivered)
        webhooks.clickEventsDropped.increment(by: Int64(3))
        webhooks.countPause(.milliseconds(1_500))
        webhooks.countPause(.milliseconds(250))
        analytics.outboxDepth.set(to: 7)
        let text = String(decoding: registry.emitToBuffer(), as: UTF8.self)
        #expect(text.contains(#"wayfinder_webhook_attempts_total{outcome="delivered"} 1"#))
        #expect(text.contains(#"wayfinder_webhook_attempts_total{outcome="failed"} 0"#))
        #expect(text.contains("wayfinder_webhook_click_events_dropped_total 3"))
        #expect(text.contains("wayfinder_webhook_delivery_pauses_total 2"))
        #expect(text.contains("wayfinder_webhook_delivery_paused_seconds_total 1.75"))
        #expect(text.contains("# TYPE wayfinder_clickhouse_outbox_depth gauge"))
        #expect(text.contains("wayfinder_clickhouse_outbox_depth 7"))
        #expect(text.contains("# TYPE wayfinder_clickhouse_events_sent_total counter"))
    }
}
