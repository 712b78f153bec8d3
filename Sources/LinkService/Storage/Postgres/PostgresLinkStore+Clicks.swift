import Foundation
import PostgresNIO

extension PostgresLinkStore {
    /// Rows per `INSERT`, well below the protocol's 65 535 bound parameters.
    private static let rowsPerStatement = 1000

    public func insertClicks(_ clicks: [Click]) async throws {
        guard !clicks.isEmpty else { return }
        // Rollup rows in one order everywhere: two instances adding to the same rows lock them in
        // the same order and cannot deadlock.
        let rollups = ClickRollup.rollups(of: clicks).sorted { Self.precedes($0.key, $1.key) }
        // Once a connection is leased the batch is waited for: a batch that may have been
        // committed must not go back to the buffer and be written twice.
        try await withConnection(scope: .untilStarted) { [logger] connection in
            try await Self.transaction(connection, logger: logger) {
                for start in stride(from: 0, to: clicks.count, by: Self.rowsPerStatement) {
                    let chunk = clicks[start..<min(start + Self.rowsPerStatement, clicks.count)]
                    var binds = PostgresBindings(capacity: chunk.count * 13)
                    var rows: [String] = []
                    for click in chunk {
                        let first = binds.count + 1
                        binds.append(click.linkID)
                        binds.append(click.tenant)
                        binds.append(click.time.millisecondsSince1970)
                        binds.append(click.platform.rawValue)
                        binds.append(click.os)
                        binds.append(click.browser)
                        binds.append(click.referrerHost)
                        binds.append(click.isBot)
                        for name in UTMParameters.names { binds.append(click.utm[name]) }
                        rows.append("(\(Self.placeholders(first...binds.count)))")
                    }
                    _ = try await connection.statement(
                        PostgresQuery(
                            unsafeSQL: """
                                INSERT INTO clicks (link_id, tenant, time, platform, os, browser, referrer_host, is_bot,
                                    utm_source, utm_medium, utm_campaign, utm_term, utm_content)
                                VALUES \(rows.joined(separator: ", "))
                                """,
                            binds: binds),
                        logger: logger)
                }
                for start in stride(from: 0, to: rollups.count, by: Self.rowsPerStatement) {
                    var binds = PostgresBindings()
                    var rows: [String] = []
                    for (key, count) in rollups[start..<min(start + Self.rowsPerStatement, rollups.count)] {
                        let first = binds.count + 1
                        binds.append(key.linkID)
                        binds.append(key.day)
                        binds.append(key.platform)
                        binds.append(key.referrer)
                        binds.append(key.isBot)
                        binds.append(count)
                        rows.append("(\(Self.placeholders(first...binds.count)))")
                    }
                    _ = try await connection.statement(
                        PostgresQuery(
                            unsafeSQL: """
                                INSERT INTO click_daily (link_id, day, platform, referrer, is_bot, count) VALUES \(rows.joined(separator: ", "))
                                ON CONFLICT (link_id, day, platform, referrer, is_bot) DO UPDATE SET count = click_daily.count + excluded.count
                                """,
                            binds: binds),
                        logger: logger)
                }
                try await Self.addIssuedClaims(of: clicks, on: connection, logger: logger)
            }
        }
    }

    public func stats(tenant: String, linkID: String) async throws -> LinkStats {
        var stats = try await withConnection { [logger] connection in
            // Summed in SQL, in one statement: people's clicks per day, then every platform,
            // referrer and bot flag over all days, so the rows sent and decoded do not grow with
            // the link's rollup rows. The tenant check keeps a link ID of another tenant from
            // counting anything.
            let rows = try await connection.query(
                """
                SELECT 0 AS part, day, '' AS platform, '' AS referrer, false AS is_bot, SUM(count)::bigint AS count
                FROM click_daily
                WHERE link_id = \(linkID) AND NOT is_bot
                    AND EXISTS (SELECT 1 FROM links WHERE links.id = \(linkID) AND links.tenant = \(tenant))
                GROUP BY day
                UNION ALL
                SELECT 1, '', platform, referrer, is_bot, SUM(count)::bigint FROM click_daily
                WHERE link_id = \(linkID)
                    AND EXISTS (SELECT 1 FROM links WHERE links.id = \(linkID) AND links.tenant = \(tenant))
                GROUP BY platform, referrer, is_bot
                """,
                logger: logger
            ).collect()
            var days: [(day: String, count: Int)] = []
            var breakdown: [ClickRollup.Breakdown] = []
            for row in rows {
                let (part, day, platform, referrer, isBot, count) = try row.decode(
                    (Int32, String, String, String, Bool, Int).self)
                if part == 0 {
                    days.append((day, count))
                } else {
                    breakdown.append(
                        ClickRollup.Breakdown(platform: platform, referrer: referrer, isBot: isBot, count: count))
                }
            }
            return ClickRollup.stats(days: days, breakdown: breakdown)
        }
        stats.deferred = try await deferredFunnel(tenant: tenant, linkID: linkID)
        return stats
    }

    public func clickCount(tenant: String) async throws -> Int {
        try await withConnection { [logger] connection in
            try await connection.query("SELECT COUNT(*) FROM clicks WHERE tenant = \(tenant)", logger: logger).collect()
                .first?.decode(Int.self) ?? 0
        }
    }

    private static func precedes(_ a: ClickRollup.Key, _ b: ClickRollup.Key) -> Bool {
        (a.linkID, a.day, a.platform, a.referrer, a.isBot ? 1 : 0) < (
            b.linkID, b.day, b.platform, b.referrer, b.isBot ? 1 : 0
        )
    }
}
