import LinkCore
import Prometheus

/// The analytics engine's series of `/metrics`, in the service's registry: the outbox's depth,
/// what was sent, what failed, and what the outbox's bound dropped.
package final class AnalyticsMetrics: Sendable {
    /// Click events waiting in the outbox (read after every send, and while ClickHouse is away).
    package let outboxDepth: Gauge
    package let eventsSent: Counter
    package let sendFailures: Counter
    /// Events deleted unsent because the outbox held ``LinkServiceConfiguration/clickhouseOutboxLimit``.
    package let eventsDropped: Counter
    /// Stats answered from the rollups because ClickHouse could not answer.
    package let statsFallbacks: Counter

    package init(registry: PrometheusCollectorRegistry) {
        outboxDepth = registry.wayfinderGauge(
            "clickhouse_outbox_depth", help: "Click events waiting in the outbox for ClickHouse")
        eventsSent = registry.wayfinderCounter("clickhouse_events_sent", help: "Click events sent to ClickHouse")
        sendFailures = registry.wayfinderCounter(
            "clickhouse_send_failures", help: "Batches ClickHouse did not take (retried)")
        eventsDropped = registry.wayfinderCounter(
            "clickhouse_events_dropped", help: "Click events deleted unsent because the outbox was at its bound")
        statsFallbacks = registry.wayfinderCounter(
            "clickhouse_stats_fallbacks", help: "Stats answered from the rollups because ClickHouse did not answer")
    }
}
