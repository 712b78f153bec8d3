import LinkCore

extension SQLStore {
    package func tenantStats(tenant: String, from: String?, to: String?, top: Int) async throws -> TenantStats {
        // Days as text compare as dates (`YYYY-MM-DD`); the open ends are below and above any day.
        let first = from ?? "0000-00-00"
        let last = to ?? "9999-99-99"
        let perLink = try await read(
            """
            SELECT links.slug AS slug, CAST(SUM(totals.count) AS bigint) AS count FROM click_daily_totals totals
            JOIN links ON links.id = totals.link_id
            WHERE links.tenant = \(tenant) AND totals.day >= \(first) AND totals.day <= \(last)
            GROUP BY links.slug
            ORDER BY count DESC, slug
            """)
        var stats = TenantStats()
        for (index, row) in perLink.enumerated() {
            let row = RowReader(row: row, table: "click_daily_totals", key: ["slug"])
            let count: Int = try row.read("count")
            stats.clicks += count
            if index < top { stats.topLinks.append(TenantStats.TopLink(slug: try row.read("slug"), clicks: count)) }
        }
        let platforms = try await read(
            """
            SELECT totals.platform AS platform, CAST(SUM(totals.count) AS bigint) AS count FROM click_totals totals
            JOIN links ON links.id = totals.link_id
            WHERE links.tenant = \(tenant) AND totals.is_bot = \(SQLValue.bool(false))
            GROUP BY totals.platform
            """)
        for row in platforms {
            let row = RowReader(row: row, table: "click_totals", key: ["platform"])
            stats.platforms[try row.read("platform"), default: 0] += try row.read("count", as: Int.self)
        }
        return stats
    }

    package func slugs(tenant: String, linkIDs: [String]) async throws -> [String: String] {
        guard !linkIDs.isEmpty else { return [:] }
        var statement: SQLStatement = "SELECT id, slug FROM links WHERE tenant = \(tenant) AND id IN ("
        for (index, id) in linkIDs.enumerated() {
            if index > 0 { statement.append(raw: ", ") }
            statement.append(.text(id))
        }
        statement.append(raw: ")")
        var slugs: [String: String] = [:]
        for row in try await read(statement) {
            let row = RowReader(row: row, table: "links", key: ["id"])
            slugs[try row.read("id")] = try row.read("slug")
        }
        return slugs
    }
}

extension SQLiteLinkStore: TenantStatsRecords {}
extension PostgresLinkStore: TenantStatsRecords {}
