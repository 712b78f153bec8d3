import Foundation

extension MemoryLinkStore {
    public func insertClicks(_ clicks: [Click]) async throws {
        self.clicks += clicks
        rollups.merge(ClickRollup.rollups(of: clicks), uniquingKeysWith: +)
        issuedClaims.merge(ClickRollup.issuedClaims(of: clicks), uniquingKeysWith: +)
    }

    public func stats(tenant: String, linkID: String) async throws -> LinkStats {
        // As the SQL stores: a link ID of another tenant counts nothing.
        guard hasLink(id: linkID, tenant: tenant) else { return LinkStats() }
        var stats = ClickRollup.stats(from: rollups.filter { $0.key.linkID == linkID }.map { ($0.key, $0.value) })
        stats.deferred = try await deferredFunnel(tenant: tenant, linkID: linkID)
        return stats
    }

    public func clickCount(tenant: String) async throws -> Int {
        clicks.lazy.filter { $0.tenant.utf8.elementsEqual(tenant.utf8) }.count
    }

    /// Whether the tenant has a link with this ID.
    func hasLink(id: String, tenant: String) -> Bool {
        guard linkIDs.contains(id) else { return false }
        return rows.values.contains { $0.link.id == id && $0.link.tenant.utf8.elementsEqual(tenant.utf8) }
    }
}
