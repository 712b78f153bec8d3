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
