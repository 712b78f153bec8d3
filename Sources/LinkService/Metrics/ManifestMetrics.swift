import LinkCore
import Prometheus

/// The manifest series of `/metrics`: which set of manifests is served (its generation, one per
/// successful load, and a digest per tenant) and how the last reload went.
package final class ManifestMetrics: Sendable {
    package let registry: PrometheusCollectorRegistry
    /// 1 at start-up, one more for each reload that was taken.
    package let generation: Gauge
    /// 1 when the last reload was taken (or none was asked for yet), 0 when it was refused.
    package let lastReloadSucceeded: Gauge
    /// When the last reload was asked for, in seconds since 1970 (0: never).
    package let lastReloadTime: Gauge
    private let reloadsTaken: Counter
    private let reloadsRefused: Counter

    package init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
        generation = registry.makeGauge(
            descriptor: .wayfinder(
                "manifest_generation", help: "The set of manifests served: 1 at start, one more per reload taken"))
        lastReloadSucceeded = registry.makeGauge(
            descriptor: .wayfinder(
                "manifest_last_reload_success",
                help: "1 when the last manifest reload was taken (or none was asked for), 0 when it was refused"))
        lastReloadTime = registry.makeGauge(
            descriptor: .wayfinder(
                "manifest_last_reload_timestamp", unit: "seconds",
                help: "When the last manifest reload was asked for (seconds since 1970; 0: never)"))
        reloadsTaken = registry.makeCounter(
            descriptor: .wayfinder("manifest_reloads", unit: "total", help: "Manifest reloads, by result"),
            labels: [("result", "success")])
        reloadsRefused = registry.makeCounter(
            descriptor: .wayfinder("manifest_reloads", unit: "total", help: "Manifest reloads, by result"),
            labels: [("result", "failure")])
        generation.set(to: 1)
        lastReloadSucceeded.set(to: 1)
    }

    /// Records a reload asked for at `time` (seconds since 1970) and its outcome.
    package func recordReload(succeeded: Bool, at time: Double) {
        lastReloadTime.set(to: time)
        lastReloadSucceeded.set(to: succeeded ? 1 : 0)
        if succeeded {
            generation.increment()
            reloadsTaken.increment()
        } else {
            reloadsRefused.increment()
        }
    }
}
