import Foundation
import LinkCore

extension MemoryLinkStore {
    package func insertDomain(_ domain: RuntimeDomain) async throws -> Bool {
        guard runtimeDomains[domain.name] == nil else { return false }
        runtimeDomains[domain.name] = domain
        return true
    }

    package func domain(named name: String) async throws -> RuntimeDomain? { runtimeDomains[name] }

    package func domains(tenant: String?) async throws -> [RuntimeDomain] {
        runtimeDomains.values.filter { tenant == nil || $0.tenant == tenant }
            .sorted { ($0.createdAt, $0.name) < ($1.createdAt, $1.name) }
    }

    package func updateDomain(_ domain: RuntimeDomain) async throws -> Bool {
        guard runtimeDomains[domain.name]?.tenant == domain.tenant else { return false }
        runtimeDomains[domain.name] = domain
        return true
    }

    package func deleteDomain(named name: String, tenant: String) async throws -> Bool {
        guard runtimeDomains[name]?.tenant == tenant else { return false }
        runtimeDomains[name] = nil
        return true
    }

    package func linkCount(tenant: String, domain: String) async throws -> Int {
        rows.values.count { $0.link.tenant == tenant && $0.link.domain == domain }
    }

    package func moveLinks(tenant: String, from domain: String, to newDomain: String) async throws -> Int {
        var moved = 0
        for (seq, row) in rows where row.link.tenant == tenant && row.link.domain == domain {
            rows[seq]?.link.domain = newDomain
            moved += 1
        }
        return moved
    }
}
