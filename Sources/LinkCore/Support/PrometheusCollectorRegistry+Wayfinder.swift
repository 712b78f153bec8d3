import Prometheus

extension PrometheusCollectorRegistry {
    /// The counter `wayfinder_<name>_total`, one series per `labels` given.
    package func wayfinderCounter(_ name: String, help: String, labels: [(String, String)] = []) -> Counter {
        makeCounter(descriptor: .wayfinder(name, unit: "total", help: help), labels: labels)
    }

    /// The counter `wayfinder_<name>_total` with one series per value of `label`, by value.
    package func wayfinderCounters<Value: RawRepresentable & Hashable>(
        _ name: String, help: String, label: String, values: [Value]
    ) -> [Value: Counter] where Value.RawValue == String {
        Dictionary(
            uniqueKeysWithValues: values.map {
                ($0, wayfinderCounter(name, help: help, labels: [(label, $0.rawValue)]))
            })
    }

    /// The gauge `wayfinder_<name>` (of a count: no unit).
    package func wayfinderGauge(_ name: String, help: String) -> Gauge {
        makeGauge(descriptor: .wayfinder(name, help: help))
    }
}
