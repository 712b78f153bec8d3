import LinkCore

extension SQLStore {
    package func insertClicks(_ clicks: [Click], clickEventLimit: Int) async throws -> ClickBatchOutcome {
        try await insertClicks(clicks, clickEventLimit: clickEventLimit, then: nil).events
    }

    /// Stores the clicks, their rollups and their `link.clicked` webhook events, then runs `then`
    /// (the analytics outbox's append), all in one transaction: what the webhook outbox took, and
    /// `then`'s answer (or 0).
    package func insertClicks(
        _ clicks: [Click], clickEventLimit: Int, then: (@Sendable (SQLSession) async throws -> Int)?
    ) async throws -> (events: ClickBatchOutcome, appended: Int) {
        guard !clicks.isEmpty else { return (ClickBatchOutcome(), 0) }
        // Rollup rows in one order everywhere: two PostgreSQL instances adding to the same rows
        // lock them in the same order and cannot deadlock.
        let counts = ClickRollup.rollups(of: clicks)
        let dailyTotals = ClickRollup.dailyTotals(of: counts).sorted {
            ($0.key.linkID, $0.key.day) < ($1.key.linkID, $1.key.day)
        }
        let totals = ClickRollup.totals(of: counts).sorted { Self.precedes($0.key, $1.key) }
        let issued = ClickRollup.issuedClaims(of: clicks).sorted {
            ($0.key.linkID, $0.key.day) < ($1.key.linkID, $1.key.day)
        }
        let choices = ClickRollup.choices(of: clicks).sorted {
            ($0.key.linkID, $0.key.kind, $0.key.index) < ($1.key.linkID, $1.key.kind, $1.key.index)
        }
        let inApp = ClickRollup.inApp(of: clicks).sorted { ($0.key.linkID, $0.key.app) < ($1.key.linkID, $1.key.app) }
        let rowsPerStatement = dialect.rowsPerStatement
        return try await write(.clicks) { session in
            let row = StoredRows.click
            for chunk in clicks.chunks(of: rowsPerStatement) {
                var statement: SQLStatement = "INSERT INTO clicks (\(raw: row.columnList)) VALUES "
                statement.append(
                    rows: chunk, values: row.values(of:))
                try await session.run(statement)
            }
            // The two rollups stats calls read, then the funnel; every instance locks the tables
            // in this order too.
            try await Self.addCounts(dailyTotals, to: "click_daily_totals", key: ["link_id", "day"], on: session) {
                [.text($0.linkID), .text($0.day)]
            }
            try await Self.addCounts(
                totals, to: "click_totals", key: ["link_id", "platform", "referrer", "is_bot"], on: session
            ) {
                [.text($0.linkID), .text($0.platform), .text($0.referrer), .bool($0.isBot)]
            }
            try await Self.addCounts(issued, to: "claims_issued_daily", key: ["link_id", "day"], on: session) {
                [.text($0.linkID), .text($0.day)]
            }
            try await Self.addCounts(choices, to: "choice_clicks", key: ["link_id", "kind", "idx"], on: session) {
                [.text($0.linkID), .text($0.kind), .integer($0.index)]
            }
            try await Self.addCounts(inApp, to: "in_app_clicks", key: ["link_id", "app"], on: session) {
                [.text($0.linkID), .text($0.app)]
            }
            let events = try await Self.enqueueClickEvents(clicks, limit: clickEventLimit, on: session)
            return (events, try await then?(session) ?? 0)
        }
    }

    /// Adds counts to a rollup table, in `rows`' order: `values` gives a key's values (of the
    /// `key` columns), each key at most once; a row already there gets the count added.
    private static func addCounts<Key>(
        _ rows: [(key: Key, value: Int)], to table: String, key columns: [String], on session: SQLSession,
        values key: (Key) -> [SQLValue]
    ) async throws {
        let names = columns.joined(separator: ", ")
        let rowsPerStatement = session.dialect.rowsPerStatement
        for chunk in rows.chunks(of: rowsPerStatement) {
            var statement: SQLStatement = "INSERT INTO \(raw: table) (\(raw: names), count) VALUES "
            statement.append(rows: chunk) {
                key($0.key) + [.integer($0.value)]
            }
            statement.append(
                raw: " ON CONFLICT (\(names)) DO UPDATE SET count = \(table).count + excluded.count")
            try await session.run(statement)
        }
    }

    package func stats(tenant: String, linkID: String) async throws -> LinkStats {
        // One statement over the two rollups kept for it: people's clicks per day, then every
        // platform, referrer and bot flag over all days; each is one range of its primary key, one
        // row per day or breakdown, however many clicks the link has. The tenant check keeps a
        // link ID of another tenant from counting anything.
        let rows = try await read(
            """
            SELECT 0 AS part, day, '' AS platform, '' AS referrer, false AS is_bot, count FROM click_daily_totals
            WHERE link_id = \(linkID)
                AND EXISTS (SELECT 1 FROM links WHERE links.id = \(linkID) AND links.tenant = \(tenant))
            UNION ALL
            SELECT 1, '', platform, referrer, is_bot, count FROM click_totals
            WHERE link_id = \(linkID)
                AND EXISTS (SELECT 1 FROM links WHERE links.id = \(linkID) AND links.tenant = \(tenant))
            """)
        var days: [(day: String, count: Int)] = []
        var breakdown: [ClickRollup.Breakdown] = []
        days.reserveCapacity(rows.count)
        for row in rows {
            let row = RowReader(row: row, table: "click_totals", key: ["day", "platform", "referrer"])
            let count: Int = try row.read("count")
            if try row.read("part", as: Int.self) == 0 {
                days.append((try row.read("day"), count))
            } else {
                breakdown.append(
                    ClickRollup.Breakdown(
                        platform: try row.read("platform"), referrer: try row.read("referrer"),
                        isBot: try row.read("is_bot"), count: count))
            }
        }
        var stats = ClickRollup.stats(days: days, breakdown: breakdown)
        stats.deferred = try await deferredFunnel(tenant: tenant, linkID: linkID)
        if !rows.isEmpty {
            // Only a link with clicks can have clicks per rule or variant, or from an in-app
            // browser: one statement reads both (`app` is '' on a choice row, `kind` '' on an app's).
            let choices = try await read(
                """
                SELECT kind, idx, '' AS app, count FROM choice_clicks WHERE link_id = \(linkID)
                UNION ALL
                SELECT '' AS kind, 0 AS idx, app, count FROM in_app_clicks WHERE link_id = \(linkID)
                """)
            var choiceRows: [(kind: String, index: Int, count: Int)] = []
            for row in choices {
                let row = RowReader(row: row, table: "choice_clicks", key: ["kind", "idx", "app"])
                let app: String = try row.read("app")
                if app.isEmpty {
                    choiceRows.append((try row.read("kind"), try row.read("idx"), try row.read("count")))
                } else {
                    stats.inApp[app, default: 0] += try row.read("count") as Int
                }
            }
            ClickRollup.add(choices: choiceRows, to: &stats)
        }
        return stats
    }

    package func inAppClicks(tenant: String, linkID: String) async throws -> [String: Int] {
        let rows = try await read(
            """
            SELECT app, count FROM in_app_clicks
            WHERE link_id = \(linkID)
                AND EXISTS (SELECT 1 FROM links WHERE links.id = \(linkID) AND links.tenant = \(tenant))
            """)
        var counts: [String: Int] = [:]
        for row in rows {
            let row = RowReader(row: row, table: "in_app_clicks", key: ["app"])
            counts[try row.read("app"), default: 0] += try row.read("count") as Int
        }
        return counts
    }

    package func clickCount(tenant: String) async throws -> Int {
        let rows = try await read("SELECT COUNT(*) AS count FROM clicks WHERE tenant = \(tenant)")
        return try rows.first.map { try RowReader(row: $0, table: "clicks", key: []).read("count") } ?? 0
    }

    private static func precedes(_ a: ClickRollup.TotalKey, _ b: ClickRollup.TotalKey) -> Bool {
        (a.linkID, a.platform, a.referrer, a.isBot ? 1 : 0) < (b.linkID, b.platform, b.referrer, b.isBot ? 1 : 0)
    }
}
