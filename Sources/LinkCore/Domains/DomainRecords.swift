import Foundation

/// Where runtime domains are kept (``RuntimeDomain``).
package protocol DomainRecords: Sendable {
    /// Stores `domain`; `false` when its name is already stored (for any tenant).
    func insertDomain(_ domain: RuntimeDomain) async throws -> Bool
    /// One domain by name, whatever its tenant.
    func domain(named name: String) async throws -> RuntimeDomain?
    /// A tenant's domains, oldest first; every tenant's when `tenant` is `nil`.
    func domains(tenant: String?) async throws -> [RuntimeDomain]
    /// Replaces the stored domain of the same name; `false` when there is none.
    func updateDomain(_ domain: RuntimeDomain) async throws -> Bool
    /// Removes a tenant's domain; `false` when it has none of that name.
    func deleteDomain(named name: String, tenant: String) async throws -> Bool
    /// How many of a tenant's links are written on `domain`.
    func linkCount(tenant: String, domain: String) async throws -> Int
    /// Writes a tenant's links on `domain` on `newDomain` instead; answers how many moved.
    func moveLinks(tenant: String, from domain: String, to newDomain: String) async throws -> Int
}
