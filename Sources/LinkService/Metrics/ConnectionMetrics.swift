import LinkCore
import Prometheus

/// The HTTP listener's connection guards in `/metrics`: connections open, shed at the ceiling,
/// and refused (at the ceiling, or past an address's cap).
package struct ConnectionMetrics: Sendable {
    /// `wayfinder_http_connections_open`.
    package let open: Gauge
    /// `wayfinder_http_connections_shed_total`: closed at the ceiling while waiting for a head.
    package let shed: Counter
    /// `wayfinder_http_connections_refused_total{reason="ceiling"}`.
    package let refusedAtCeiling: Counter
    /// `wayfinder_http_connections_refused_total{reason="address"}`.
    package let refusedAtAddressCap: Counter

    package init(registry: PrometheusCollectorRegistry) {
        open = registry.makeGauge(
            descriptor: .wayfinder("http_connections_open", help: "HTTP connections open now"))
        shed = registry.makeCounter(
            descriptor: .wayfinder(
                "http_connections_shed", unit: "total",
                help: "Connections closed at the connection ceiling while they waited for a request head"))
        let refused = MetricNameDescriptor.wayfinder(
            "http_connections_refused", unit: "total",
            help: "Connections closed as they opened: at the ceiling with none to shed, or past the address's cap")
        refusedAtCeiling = registry.makeCounter(descriptor: refused, labels: [("reason", "ceiling")])
        refusedAtAddressCap = registry.makeCounter(descriptor: refused, labels: [("reason", "address")])
    }
}
