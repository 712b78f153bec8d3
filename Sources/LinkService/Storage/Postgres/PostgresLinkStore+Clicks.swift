import Foundation
import Logging
import PostgresNIO

extension PostgresLinkStore {
    /// Rows per `INSERT`, well below the protocol's 65 535 bound parameters.
    private static let rowsPerStatement = 1000

    public func insertClicks(_ clicks: [Click]) async throws {
        guard !clicks.isEmpty else { return }
        // Rollup rows in one order everywhere: two instances adding to the same rows lock them in
        // the same order and cannot deadlock.
        let counts = ClickRollup.rollups(of: clicks)
        let rollups = counts.sorted { Self.precedes($0.key, $1.key) }
        let dailyTotals = ClickRollup.dailyTotals(of: counts).sorted {
            ($0.key.linkID, $0.key.day) < ($1.key.linkID, $1.key.day)
        }
        let totals = ClickRollup.totals(of: counts).sorted { Self.precedes($0.key, $1.key) }
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
                // The fine rollup rows, then the two that stats calls read; every instance locks
                // the tables in this order too.
                try await Self.addCounts(
                    rollups, to: "click_daily", key: ["link_id", "day", "platform", "referrer", "is_bot"],
                    on: connection, logger: logger
                ) { row, binds in
                    binds.append(row.key.linkID)
                    binds.append(row.key.day)
                    binds.append(row.key.platform)
                    binds.append(row.key.referrer)
                    binds.append(row.key.isBot)
                    binds.append(row.value)
                }
                try await Self.addCounts(
                    dailyTotals, to: "click_daily_totals", key: ["link_id", "day"], on: connection, logger: logger
                ) { row, binds in
                    binds.append(row.key.linkID)
                    binds.append(row.key.day)
                    binds.append(row.value)
                }
                try await Self.addCounts(
                    totals, to: "click_totals", key: ["link_id", "platform", "referrer", "is_bot"], on: connection,
                    logger: logger
                ) { row, binds in
                    binds.append(row.key.linkID)
                    binds.append(row.key.platform)
                    binds.append(row.key.referrer)
                    binds.append(row.key.isBot)
                    binds.append(row.value)
                }
                try await Self.addIssuedClaims(of: clicks, on: connection, logger: logger)
            }
        }
    }

    /// Adds counts to a rollup table, in `rows`' order: `bind` appends a row's `key` columns' values
    /// then its count, each key at most once; a row already there gets the count added.
    private static func addCounts<Row>(
        _ rows: [Row], to table: String, key: [String], on connection: PostgresConnection, logger: Logger,
        bind: (Row, inout PostgresBindings) -> Void
    ) async throws {
        let columns = key.joined(separator: ", ")
        for start in stride(from: 0, to: rows.count, by: rowsPerStatement) {
            var binds = PostgresBindings()
            var values: [String] = []
            for row in rows[start..<min(start + rowsPerStatement, rows.count)] {
                let first = binds.count + 1
                bind(row, &binds)
                values.append("(\(placeholders(first...binds.count)))")
            }
            _ = try await connection.statement(
                PostgresQuery(
                    unsafeSQL: """
                        INSERT INTO \(table) (\(columns), count) VALUES \(values.joined(separator: ", "))
                        ON CONFLICT (\(columns)) DO UPDATE SET count = \(table).count + excluded.count
                        """,
                    binds: binds),
                logger: logger)
        }
    }

    public func stats(tenant: String, linkID: String) async throws -> LinkStats {
        var stats = try await withConnection { [logger] connection in
            // One statement over the two rollups kept for it: people's clicks per day, then every
            // platform, referrer and bot flag over all days; each is one range of its primary-key
            // index, one row per day or breakdown, however many clicks the link has. The tenant
            // check keeps a link ID of another tenant from counting anything.
            let rows = try await connection.query(
                """
                SELECT 0 AS part, day, '' AS platform, '' AS referrer, false AS is_bot, count FROM click_daily_totals
                WHERE link_id = \(linkID)
                    AND EXISTS (SELECT 1 FROM links WHERE links.id = \(linkID) AND links.tenant = \(tenant))
                UNION ALL
                SELECT 1, '', platform, referrer, is_bot, count FROM click_totals
                WHERE link_id = \(linkID)
                    AND EXISTS (SELECT 1 FROM links WHERE links.id = \(linkID) AND links.tenant = \(tenant))
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

    private static func precedes(_ a: ClickRollup.TotalKey, _ b: ClickRollup.TotalKey) -> Bool {
        (a.linkID, a.platform, a.referrer, a.isBot ? 1 : 0) < (b.linkID, b.platform, b.referrer, b.isBot ? 1 : 0)
    }
}
