import Foundation
import LinkCore

extension MemoryLinkStore {
    package func insertClicks(_ clicks: [Click], clickEventLimit: Int) async throws -> ClickBatchOutcome {
        self.clicks += clicks
        let batch = ClickRollup.rollups(of: clicks)
        for (key, count) in ClickRollup.dailyTotals(of: batch) {
            dailyTotals[key.linkID, default: [:]][key.day, default: 0] += count
        }
        for (key, count) in ClickRollup.totals(of: batch) {
            totals[key.linkID, default: [:]][key, default: 0] += count
        }
        issuedClaims.merge(ClickRollup.issuedClaims(of: clicks), uniquingKeysWith: +)
        choiceClicks.merge(ClickRollup.choices(of: clicks), uniquingKeysWith: +)
        inAppCounts.merge(ClickRollup.inApp(of: clicks), uniquingKeysWith: +)
        return enqueueClickEvents(clicks, limit: clickEventLimit)
    }

    package func stats(tenant: String, linkID: String) async throws -> LinkStats {
        // As the SQL stores: a link ID of another tenant counts nothing.
        guard hasLink(id: linkID, tenant: tenant) else { return LinkStats() }
        var stats = ClickRollup.stats(
            days: (dailyTotals[linkID] ?? [:]).map { (day: $0.key, count: $0.value) },
            breakdown: (totals[linkID] ?? [:]).map {
                ClickRollup.Breakdown(
                    platform: $0.key.platform, referrer: $0.key.referrer, isBot: $0.key.isBot, count: $0.value)
            })
        stats.deferred = try await deferredFunnel(tenant: tenant, linkID: linkID)
        ClickRollup.add(
            choices: choiceClicks.filter { $0.key.linkID == linkID }.map { ($0.key.kind, $0.key.index, $0.value) },
            to: &stats)
        stats.inApp = try await inAppClicks(tenant: tenant, linkID: linkID)
        return stats
    }

    package func inAppClicks(tenant: String, linkID: String) async throws -> [String: Int] {
        guard hasLink(id: linkID, tenant: tenant) else { return [:] }
        var counts: [String: Int] = [:]
        for (key, count) in inAppCounts where key.linkID == linkID { counts[key.app, default: 0] += count }
        return counts
    }

    package func clickCount(tenant: String) async throws -> Int {
        clicks.lazy.filter { $0.tenant.utf8.elementsEqual(tenant.utf8) }.count
    }

    /// Whether the tenant has a link with this ID.
    package func hasLink(id: String, tenant: String) -> Bool {
        guard linkIDs.contains(id) else { return false }
        return rows.values.contains { $0.link.id == id && $0.link.tenant.utf8.elementsEqual(tenant.utf8) }
    }
}
