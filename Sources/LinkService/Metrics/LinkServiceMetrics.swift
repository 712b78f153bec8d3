import LinkCore
import LinkDelivery
import Prometheus

/// The service's Prometheus metrics, in a registry of its own (no global bootstrap, so several
/// servers can run in one process, as tests do). Every labelled series is made up front: the
/// request path only increments.
package final class LinkServiceMetrics: Sendable {
    package let registry = PrometheusCollectorRegistry()
    private let requestsByClass: [Counter]
    private let redirectsByPlatform: [Platform: Counter]
    package let previews: Counter
    /// The click buffer's and flusher's series.
    package let clicks: ClickMetrics
    /// The app event buffer's and flusher's series.
    package let events: BatchMetrics

    package init() {
        let registry = self.registry
        requestsByClass = ["1xx", "2xx", "3xx", "4xx", "5xx"].map {
            registry.makeCounter(
                descriptor: .wayfinder("http_requests", unit: "total", help: "HTTP requests answered, by status class"),
                labels: [("status", $0)])
        }
        var redirects: [Platform: Counter] = [:]
        for platform in Platform.allCases {
            redirects[platform] = registry.makeCounter(
                descriptor: .wayfinder(
                    "redirects", unit: "total",
                    help: "Short-link visits answered with a redirect or a page, by platform"),
                labels: [("platform", platform.rawValue)])
        }
        redirectsByPlatform = redirects
        previews = registry.makeCounter(
            descriptor: .wayfinder("previews", unit: "total", help: "Preview pages served (crawlers and iOS)"))
        clicks = ClickMetrics(registry: registry)
        events = BatchMetrics(
            noun: "event",
            depth: registry.makeGauge(
                descriptor: .wayfinder("event_buffer_depth", help: "App events waiting to be written")),
            flushDuration: registry.makeDurationHistogram(
                descriptor: .wayfinder(
                    "event_flush_duration", unit: "seconds", help: "Time to write one batch of app events"),
                buckets: [
                    .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(50), .milliseconds(100),
                    .milliseconds(500), .seconds(1), .seconds(5),
                ]),
            written: registry.makeCounter(
                descriptor: .wayfinder("events_written", unit: "total", help: "App events written to the database")),
            dropped: registry.makeCounter(
                descriptor: .wayfinder(
                    "events_dropped", unit: "total", help: "App events dropped because the buffer was full")))
    }

    package func countResponse(status: Int) {
        let index = min(max(status / 100 - 1, 0), requestsByClass.count - 1)
        requestsByClass[index].increment()
    }

    package func countRedirect(platform: Platform) {
        redirectsByPlatform[platform]?.increment()
    }

    /// The exposition text for `GET /metrics`.
    package func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}
