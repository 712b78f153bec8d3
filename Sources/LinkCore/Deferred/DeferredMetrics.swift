import Prometheus

/// The deferred deep link counters of `/metrics`, in the service's registry: tokens issued,
/// claims answered `200`, and claims refused, by reason.
package final class DeferredMetrics: Sendable {
    /// Why a claim was refused (the `reason` label).
    package enum Rejection: String, Sendable, CaseIterable {
        /// The body is not `{"token": "…"}`.
        case malformed
        /// Not a token of this server for this tenant: unknown key, bad signature, wrong tenant.
        case unknown
        case expired
        case alreadyClaimed = "already-claimed"
        /// The token is sound but its link was deleted, changed hands or expired.
        case linkGone = "link-gone"
        case rateLimited = "rate-limited"
    }

    package let issued: Counter
    package let claimed: Counter
    private let rejected: [Rejection: Counter]

    package init(registry: PrometheusCollectorRegistry) {
        issued = registry.makeCounter(
            descriptor: .wayfinder(
                "deferred_tokens_issued", unit: "total",
                help: "Deferred deep link claim tokens issued to visitors sent to a store"))
        claimed = registry.makeCounter(
            descriptor: .wayfinder("deferred_claims", unit: "total", help: "Deferred deep link claims answered 200"))
        var rejected: [Rejection: Counter] = [:]
        for reason in Rejection.allCases {
            rejected[reason] = registry.makeCounter(
                descriptor: .wayfinder(
                    "deferred_claims_rejected", unit: "total", help: "Deferred deep link claims refused, by reason"),
                labels: [("reason", reason.rawValue)])
        }
        self.rejected = rejected
    }

    package func reject(_ reason: Rejection) {
        rejected[reason]?.increment()
    }
}
