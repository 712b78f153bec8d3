import LinkCore
import Prometheus

/// The click buffer's and flusher's series in `/metrics`: how many clicks wait, how long a batch
/// takes to write, and how many were written or dropped.
package final class ClickMetrics: Sendable {
    package let clickBufferDepth: Gauge
    package let clickFlushDuration: DurationHistogram
    package let clicksWritten: Counter
    package let clicksDropped: Counter
    /// The same series, as the batch buffer and flusher count them.
    package let batch: BatchMetrics

    /// Registers the series in `registry`.
    package init(registry: PrometheusCollectorRegistry) {
        clickBufferDepth = registry.makeGauge(
            descriptor: .wayfinder("click_buffer_depth", help: "Clicks waiting to be written"))
        clickFlushDuration = registry.makeDurationHistogram(
            descriptor: .wayfinder("click_flush_duration", unit: "seconds", help: "Time to write one batch of clicks"),
            buckets: [
                .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(50), .milliseconds(100),
                .milliseconds(500), .seconds(1), .seconds(5),
            ])
        clicksWritten = registry.makeCounter(
            descriptor: .wayfinder("clicks_written", unit: "total", help: "Clicks written to the database"))
        clicksDropped = registry.makeCounter(
            descriptor: .wayfinder("clicks_dropped", unit: "total", help: "Clicks dropped because the buffer was full"))
        batch = BatchMetrics(
            noun: "click", depth: clickBufferDepth, flushDuration: clickFlushDuration, written: clicksWritten,
            dropped: clicksDropped)
    }
}
