/// A tenant's stats from the rollups (``TenantStats``): every store of this package answers.
package protocol TenantStatsRecords: Sendable {
    /// The tenant's people's clicks on days `from` through `to` (`YYYY-MM-DD`, UTC; `nil`: no
    /// bound), its `top` most clicked links in that range, and its clicks per platform over every
    /// day (the platform rollup keeps no day).
    func tenantStats(tenant: String, from: String?, to: String?, top: Int) async throws -> TenantStats

    /// The slugs of the tenant's links with these IDs (link ID → slug); IDs of links that are
    /// gone, or of another tenant, are left out.
    func slugs(tenant: String, linkIDs: [String]) async throws -> [String: String]
}
