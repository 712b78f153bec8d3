import Prometheus

/// The service's Prometheus metrics, in a registry of its own (no global bootstrap, so several
/// servers can run in one process, as tests do). Every labelled series is made up front: the
/// request path only increments.
final class LinkServiceMetrics: Sendable {
    let registry = PrometheusCollectorRegistry()
    private let requestsByClass: [Counter]
    private let redirectsByPlatform: [Platform: Counter]
    let previews: Counter
    let clickBufferDepth: Gauge
    let clickFlushDuration: DurationHistogram
    let clicksWritten: Counter
    let clicksDropped: Counter

    init() {
        let registry = self.registry
        requestsByClass = ["1xx", "2xx", "3xx", "4xx", "5xx"].map {
            registry.makeCounter(
                name: "wayfinder_http_requests_total", labels: [("status", $0)],
                help: "HTTP requests answered, by status class")
        }
        var redirects: [Platform: Counter] = [:]
        for platform in Platform.allCases {
            redirects[platform] = registry.makeCounter(
                name: "wayfinder_redirects_total", labels: [("platform", platform.rawValue)],
                help: "Short-link visits answered with a redirect or a page, by platform")
        }
        redirectsByPlatform = redirects
        previews = registry.makeCounter(
            name: "wayfinder_previews_total", help: "Preview pages served (crawlers and iOS)")
        clickBufferDepth = registry.makeGauge(
            name: "wayfinder_click_buffer_depth", help: "Clicks waiting to be written")
        clickFlushDuration = registry.makeDurationHistogram(
            name: "wayfinder_click_flush_duration_seconds",
            buckets: [
                .milliseconds(1), .milliseconds(5), .milliseconds(10), .milliseconds(50), .milliseconds(100),
                .milliseconds(500), .seconds(1), .seconds(5),
            ],
            help: "Time to write one batch of clicks")
        clicksWritten = registry.makeCounter(
            name: "wayfinder_clicks_written_total", help: "Clicks written to the database")
        clicksDropped = registry.makeCounter(
            name: "wayfinder_clicks_dropped_total", help: "Clicks dropped because the buffer was full")
    }

    func countResponse(status: Int) {
        let index = min(max(status / 100 - 1, 0), requestsByClass.count - 1)
        requestsByClass[index].increment()
    }

    func countRedirect(platform: Platform) {
        redirectsByPlatform[platform]?.increment()
    }

    /// The exposition text for `GET /metrics`.
    func exposition() -> [UInt8] {
        registry.emitToBuffer()
    }
}
