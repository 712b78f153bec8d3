import Prometheus

extension MetricNameDescriptor {
    /// A metric of the service: its name in `wayfinder_…` form, its unit suffix (`total` for
    /// counters, `seconds` for durations, none for a gauge of a count) and the `# HELP` text.
    package static func wayfinder(_ name: String, unit: String = "", help: String) -> MetricNameDescriptor {
        MetricNameDescriptor(namespace: "wayfinder", metricName: name, unitName: unit, helpText: help)
    }
}
