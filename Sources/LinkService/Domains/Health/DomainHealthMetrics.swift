import LinkCore
import Prometheus
import Synchronization

/// `wayfinder_domain_health{domain,check}` in `/metrics`: 1 while a served domain's check passes
/// (warnings allowed), 0 while it fails or cannot be made. `check` is `aasa`, `aasa-root`,
/// `assetlinks` or `apple-cdn`; a domain no longer served loses its series.
package final class DomainHealthMetrics: Sendable {
    package static let checks = ["aasa", "aasa-root", "assetlinks", "apple-cdn"]

    private let registry: PrometheusCollectorRegistry
    private let gauges = Mutex<[String: [String: Gauge]]>([:])

    package init(registry: PrometheusCollectorRegistry) {
        self.registry = registry
    }

    /// Sets `health.domain`'s series from its last check.
    package func record(_ health: DomainHealth) {
        let failing = Set(health.failures.map(\.check))
        gauges.withLock { gauges in
            var series = gauges[health.domain] ?? [:]
            for check in Self.checks {
                let gauge =
                    series[check]
                    ?? registry.makeGauge(
                        descriptor: .wayfinder(
                            "domain_health",
                            help:
                                "1 while a served domain's check (aasa, aasa-root, assetlinks, apple-cdn) passes, 0 while it fails"
                        ),
                        labels: [("domain", health.domain), ("check", check)])
                series[check] = gauge
                gauge.set(to: failing.contains(check) ? 0 : 1)
            }
            gauges[health.domain] = series
        }
    }

    /// Drops the series of every domain not in `domains`.
    package func keep(_ domains: Set<String>) {
        gauges.withLock { gauges in
            for (domain, series) in gauges where !domains.contains(domain) {
                for gauge in series.values { registry.unregisterGauge(gauge) }
                gauges[domain] = nil
            }
        }
    }
}
