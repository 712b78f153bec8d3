import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func linkEvents(tenant: String, linkID: String, sinceDay days: Int) async throws -> LinkEventCounts {
        let start = LinkEventCounts.start(ofDay: days)
        let since = start.date.millisecondsSince1970
        return try await withConnection { [logger] connection in
            // Part 0: people's clicks per platform from the daily rollups (one range of their
            // primary key); part 1: the claims. As for stats, another tenant's link ID counts
            // nothing.
            let rows = try await connection.query(
                """
                SELECT 0 AS part, platform, SUM(count)::bigint FROM click_daily
                WHERE link_id = \(linkID) AND day >= \(start.day) AND NOT is_bot
                    AND EXISTS (SELECT 1 FROM links WHERE links.id = \(linkID) AND links.tenant = \(tenant))
                GROUP BY platform
                UNION ALL
                SELECT 1, '', COUNT(*)::bigint FROM deferred_claims
                WHERE link_id = \(linkID) AND tenant = \(tenant) AND claimed_at >= \(since)
                """,
                logger: logger
            ).collect()
            var counts = LinkEventCounts()
            for row in rows {
                let (part, platform, count) = try row.decode((Int32, String, Int).self)
                if part == 0 {
                    counts.clicks[platform, default: 0] += count
                } else {
                    counts.claims = count
                }
            }
            return counts
        }
    }
}
