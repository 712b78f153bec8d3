/// What tests and occasional checks ask a store, never a request: kept out of the public
/// ``LinkStore`` protocol. Every store of this package counts.
package protocol ClickCounting: Sendable {
    /// How many clicks are stored for the tenant (all links and route paths, people and bots).
    /// It reads every stored click (no index serves it).
    func clickCount(tenant: String) async throws -> Int
}

extension LinkStore {
    /// How many clicks are stored for the tenant, for a store of this package (see
    /// ``ClickCounting``).
    package func clickCount(tenant: String) async throws -> Int {
        guard let counting = self as? any ClickCounting else {
            throw LinkStoreError.database("\(type(of: self)) does not count clicks")
        }
        return try await counting.clickCount(tenant: tenant)
    }
}
