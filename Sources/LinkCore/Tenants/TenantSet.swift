import DeepLinkRouting

/// One frozen set of tenants, looked up by host (redirects, well-known files) or by id (API keys).
/// Built from the manifests at start-up and again at each reload; lookups are dictionary reads.
package struct TenantSet: Sendable {
    private let byHost: [String: Tenant]
    private let byID: [String: Tenant]

    /// Tenants in the order their manifests were given.
    package let all: [Tenant]

    package init(_ tenants: [Tenant]) throws(TenantError) {
        guard !tenants.isEmpty else { throw .noTenants }
        var byHost: [String: Tenant] = [:]
        var byID: [String: Tenant] = [:]
        for tenant in tenants {
            if byID[tenant.id] != nil { throw .duplicateTenant(tenant.id) }
            byID[tenant.id] = tenant
            for domain in tenant.manifest.domains + tenant.runtimeDomains {
                if let other = byHost[domain] {
                    throw .sharedDomain(domain, first: other.id, second: tenant.id)
                }
                byHost[domain] = tenant
            }
        }
        self.byHost = byHost
        self.byID = byID
        self.all = tenants
    }

    /// The tenants of `manifests`, each with its route table and association files.
    package init(manifests: [Manifest]) throws {
        try self.init(manifests.map(Tenant.make(from:)))
    }

    /// The tenant whose domains include `host` (lowercase, without port); a fully qualified
    /// name's trailing dot is ignored, as DNS ignores it.
    package func tenant(forHost host: String) -> Tenant? {
        byHost[host] ?? (host.hasSuffix(".") ? byHost[String(host.dropLast())] : nil)
    }

    package func tenant(id: String) -> Tenant? { byID[id] }
}
