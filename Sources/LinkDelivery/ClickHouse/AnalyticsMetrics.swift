import LinkCore
import Prometheus

/// The analytics engine's series of `/metrics`, in the service's registry: the outbox's depth,
/// what was sent, what failed, and what the outbox's bound dropped, for click events and for
/// app events apart.
package final class AnalyticsMetrics: Sendable {
    /// Click events waiting in the outbox (read after every send, and while ClickHouse is away).
    package let outboxDepth: Gauge
    package let eventsSent: Counter
    package let sendFailures: Counter
    /// Events deleted unsent because the outbox held ``LinkServiceConfiguration/clickhouseOutboxLimit``.
    package let eventsDropped: Counter
    /// Stats answered from the rollups because ClickHouse could not answer.
    package let statsFallbacks: Counter
    /// App events waiting in the outbox.
    package let appEventsOutboxDepth: Gauge
    package let appEventsSent: Counter
    /// App events deleted unsent because the outbox held its bound of them.
    package let appEventsDropped: Counter

    /// The depth, sent and dropped series of one stream.
    package struct StreamSeries: Sendable {
        package var outboxDepth: Gauge
        package var sent: Counter
        package var dropped: Counter
    }

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
        appEventsOutboxDepth = registry.wayfinderGauge(
            "clickhouse_app_events_outbox_depth", help: "App events waiting in the outbox for ClickHouse")
        appEventsSent = registry.wayfinderCounter(
            "clickhouse_app_events_sent", help: "App events sent to ClickHouse")
        appEventsDropped = registry.wayfinderCounter(
            "clickhouse_app_events_dropped", help: "App events deleted unsent because the outbox was at its bound")
    }

    /// The series of `stream`: the click events' for ``ClickHouseStream/clicks``, the app
    /// events' for the others.
    package func series(_ stream: ClickHouseStream) -> StreamSeries {
        stream == .clicks
            ? StreamSeries(outboxDepth: outboxDepth, sent: eventsSent, dropped: eventsDropped)
            : StreamSeries(outboxDepth: appEventsOutboxDepth, sent: appEventsSent, dropped: appEventsDropped)
    }
}
