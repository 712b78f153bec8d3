import LinkCore

extension MemoryLinkStore: TenantStatsRecords {
    package func tenantStats(tenant: String, from: String?, to: String?, top: Int) async throws -> TenantStats {
        var stats = TenantStats()
        var perLink: [(slug: String, clicks: Int)] = []
        for row in rows.values where row.link.tenant == tenant {
            let id = row.link.id
            let clicks = (dailyTotals[id] ?? [:]).filter { day, _ in
                day >= (from ?? "0000-00-00") && day <= (to ?? "9999-99-99")
            }.values.reduce(0, +)
            if clicks > 0 { perLink.append((row.link.slug, clicks)) }
            for (key, count) in totals[id] ?? [:] where !key.isBot {
                stats.platforms[key.platform, default: 0] += count
            }
        }
        perLink.sort { ($1.clicks, $0.slug) < ($0.clicks, $1.slug) }
        stats.clicks = perLink.reduce(0) { $0 + $1.clicks }
        stats.topLinks = perLink.prefix(top).map { TenantStats.TopLink(slug: $0.slug, clicks: $0.clicks) }
        return stats
    }

    package func slugs(tenant: String, linkIDs: [String]) async throws -> [String: String] {
        let wanted = Set(linkIDs)
        var slugs: [String: String] = [:]
        for row in rows.values where row.link.tenant == tenant && wanted.contains(row.link.id) {
            slugs[row.link.id] = row.link.slug
        }
        return slugs
    }
}
