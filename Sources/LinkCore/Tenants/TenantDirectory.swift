import Synchronization

/// The tenants the server serves now: a ``TenantSet`` that a reload replaces as a whole, with
/// each tenant's verified runtime domains (``RuntimeDomain``) added to its manifest's.
///
/// Every lookup reads the current set; a request that has found its ``Tenant`` keeps that value,
/// so a request in flight during a reload finishes on the set it started with while the next one
/// sees the new set. Nothing is ever half-replaced: the swap is one store under a lock.
package final class TenantDirectory: Sendable {
    private struct State {
        /// The tenants as their manifests describe them.
        var manifests: TenantSet
        /// Verified runtime domain → tenant id.
        var runtimeDomains: [String: String] = [:]
        /// `manifests` with the runtime domains added: what lookups read.
        var served: TenantSet
    }

    private let current: Mutex<State>

    package init(_ set: TenantSet) {
        current = Mutex(State(manifests: set, served: set))
    }

    /// The set now served.
    package var served: TenantSet { current.withLock { $0.served } }

    /// Serves `set` (the manifests' tenants) from the next lookup on, with the runtime domains
    /// it had.
    package func replace(with set: TenantSet) {
        current.withLock { state in
            state.manifests = set
            state.served = Self.merge(set, state.runtimeDomains)
        }
    }

    /// Serves exactly these verified runtime domains (domain → tenant id) from the next lookup
    /// on. A domain a manifest lists, or whose tenant is not served, is left out: manifests win.
    package func replaceRuntimeDomains(with domains: [String: String]) {
        current.withLock { state in
            // Every instance re-reads the domains each minute; most reads change nothing.
            guard state.runtimeDomains != domains else { return }
            state.runtimeDomains = domains
            state.served = Self.merge(state.manifests, domains)
        }
    }

    /// Serves the verified ones of `domains` (as the store lists them), and no other runtime
    /// domain.
    package func serveVerified(_ domains: [RuntimeDomain]) {
        let verified = domains.filter { $0.status == .verified }
        replaceRuntimeDomains(
            with: Dictionary(verified.map { ($0.name, $0.tenant) }, uniquingKeysWith: { first, _ in first }))
    }

    /// The verified runtime domains now served, domain → tenant id.
    package var runtimeDomains: [String: String] { current.withLock { $0.runtimeDomains } }

    private static func merge(_ set: TenantSet, _ domains: [String: String]) -> TenantSet {
        guard !domains.isEmpty else { return set }
        var byTenant: [String: [String]] = [:]
        for (domain, tenant) in domains where set.tenant(forHost: domain) == nil && set.tenant(id: tenant) != nil {
            byTenant[tenant, default: []].append(domain)
        }
        let tenants = set.all.map { tenant in tenant.serving(runtimeDomains: (byTenant[tenant.id] ?? []).sorted()) }
        // The manifests' set was valid and every added domain is new and distinct: this holds.
        return (try? TenantSet(tenants)) ?? set
    }

    /// Tenants in the order their manifests were given.
    package var all: [Tenant] { served.all }

    /// The tenant whose domains include `host` (lowercase, without port).
    package func tenant(forHost host: String) -> Tenant? { served.tenant(forHost: host) }

    package func tenant(id: String) -> Tenant? { served.tenant(id: id) }
}
