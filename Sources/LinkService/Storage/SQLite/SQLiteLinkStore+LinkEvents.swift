import Foundation
import SQLiteNIO

extension SQLiteLinkStore {
    public func linkEvents(tenant: String, linkID: String, sinceDay days: Int) async throws -> LinkEventCounts {
        let start = LinkEventCounts.start(ofDay: days)
        // Part 0: people's clicks per platform from the daily rollups (one range of their primary
        // key); part 1: the claims. As for stats, another tenant's link ID counts nothing.
        let rows = try await read(
            """
            SELECT 0 AS part, platform, SUM(count) AS count FROM click_daily
            WHERE link_id = ?1 AND day >= ?3 AND is_bot = 0
                AND EXISTS (SELECT 1 FROM links WHERE links.id = ?1 AND links.tenant = ?2)
            GROUP BY platform
            UNION ALL
            SELECT 1, '', COUNT(*) FROM deferred_claims
            WHERE link_id = ?1 AND tenant = ?2 AND claimed_at >= ?4
            """,
            [.text(linkID), .text(tenant), .text(start.day), .integer(start.date.millisecondsSince1970)])
        var counts = LinkEventCounts()
        for row in rows {
            let count = row.column("count")?.integer ?? 0
            if row.column("part")?.integer == 0 {
                counts.clicks[row.column("platform")?.string ?? "", default: 0] += count
            } else {
                counts.claims = count
            }
        }
        return counts
    }
}
