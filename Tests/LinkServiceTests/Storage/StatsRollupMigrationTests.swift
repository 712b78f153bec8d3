import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import PostgresNIO
import SQLiteNIO
import Testing

/// Schema version 5 adds the rollups stats are read from (`click_daily_totals`, `click_totals`);
/// a database that had clicks before must get them summed from its `click_daily` rows when it is
/// upgraded (version 7 then drops `click_daily`), and the flusher then adds to them.
@Suite("Stats rollups on upgrade")
struct StatsRollupMigrationTests {
    /// Turns a database at the latest schema back into one at version 4 that holds `clicks`:
    /// without the two tables and the record of the migrations from 5 on, and with `click_daily`
    /// (dropped at version 7) holding the clicks' fine rollup rows, as a version-4 build wrote them,
    /// and without the later columns.
    /// `flag` is the type of a flag column and its two values (`INTEGER`, `1`, `0` in SQLite).
    static func downgradeTo4(
        prefix: String = "", flag: (type: String, yes: String, no: String), holding clicks: [Click]
    ) -> [String] {
        let rows = ClickRollup.rollups(of: clicks).map { key, count in
            "('\(key.linkID)', '\(key.day)', '\(key.platform)', '\(key.referrer)', \(key.isBot ? flag.yes : flag.no), \(count))"
        }
        return [
            // Version 22 added click ids and app events.
            "DROP TABLE \(prefix)events",
            "DROP INDEX \(prefix)clicks_click_id",
            "ALTER TABLE \(prefix)clicks DROP COLUMN click_id",
            // Version 21 added people, memberships, invitations and person sessions.
            "DROP TABLE \(prefix)people", "DROP TABLE \(prefix)memberships", "DROP TABLE \(prefix)invitations",
            // Version 24 moved people's sessions into console_sessions (21 makes person_sessions, 24 drops it).
            "ALTER TABLE \(prefix)console_sessions DROP COLUMN person_id",
            // Version 20 added keys' scopes, name, owner and last use, and the audit log.
            "ALTER TABLE \(prefix)api_keys DROP COLUMN scopes",
            "ALTER TABLE \(prefix)api_keys DROP COLUMN name",
            "ALTER TABLE \(prefix)api_keys DROP COLUMN owner",
            "ALTER TABLE \(prefix)api_keys DROP COLUMN last_used_at",
            "DROP TABLE \(prefix)audit_events",
            // Version 19 added a link's imported click total.
            "ALTER TABLE \(prefix)links DROP COLUMN imported_clicks",
            // Version 18 added runtime domains.
            "DROP TABLE \(prefix)domains",
            // Version 17 added the in-app browser of a click and the per-app counts.
            "ALTER TABLE \(prefix)clicks DROP COLUMN in_app",
            "DROP TABLE \(prefix)in_app_clicks",
            // Version 12 added a link's tags and their index.
            "ALTER TABLE \(prefix)links DROP COLUMN tags",
            "DROP TABLE \(prefix)link_tags",
            // Version 11 added the rules, variants, expiry URL and password of a link, and the
            // per-rule and per-variant counts.
            "ALTER TABLE \(prefix)links DROP COLUMN expired_url",
            "ALTER TABLE \(prefix)links DROP COLUMN rules",
            "ALTER TABLE \(prefix)links DROP COLUMN variants",
            "ALTER TABLE \(prefix)links DROP COLUMN password_hash",
            "DROP TABLE \(prefix)choice_clicks",
            // Version 10 added the outbox, its leases and the daily secrets.
            "DROP TABLE \(prefix)outbox",
            "DROP TABLE \(prefix)outbox_leases",
            "DROP TABLE \(prefix)daily_secrets",
            // Version 9 added the webhook tables.
            "DROP TABLE \(prefix)webhook_endpoints",
            "DROP TABLE \(prefix)webhook_messages",
            "DROP TABLE \(prefix)webhook_attempts",
            // Version 8 added the platform of a claim.
            "ALTER TABLE \(prefix)deferred_claims DROP COLUMN platform",
            "DROP TABLE \(prefix)click_daily_totals",
            "DROP TABLE \(prefix)click_totals",
            """
            CREATE TABLE \(prefix)click_daily (
                link_id TEXT NOT NULL, day TEXT NOT NULL, platform TEXT NOT NULL, referrer TEXT NOT NULL,
                is_bot \(flag.type) NOT NULL, count BIGINT NOT NULL,
                PRIMARY KEY (link_id, day, platform, referrer, is_bot)
            )
            """,
            "INSERT INTO \(prefix)click_daily (link_id, day, platform, referrer, is_bot, count) VALUES "
                + rows.joined(separator: ", "),
            "DELETE FROM \(prefix)schema_migrations WHERE version >= 5",
        ]
    }

    /// Three links with clicks written at version 4's schema (`click_daily` only), the store opened
    /// again (migrating to the latest version), then more clicks: the stats equal every click's
    /// fine rollup rows summed, before and after the new clicks.
    static func checkUpgrade(
        open: () async throws -> any LinkStore, close: (any LinkStore) async throws -> Void,
        downgrade: ([Click]) async throws -> Void
    ) async throws {
        let links = (0..<3).map { LinkStoreConformanceTests.makeLink(slug: "upgraded\($0)") }
        let ids = links.map(\.id)
        let before = StatsAggregationTests.clicks(of: ids, count: 2_000, offset: 0)
        let after = StatsAggregationTests.clicks(of: ids, count: 700, offset: 2_000)

        let first = try await open()
        for link in links { _ = try await first.insertLink(link) }
        try await first.insertClicks(before)
        try await close(first)
        try await downgrade(before)

        let upgraded = try await open()
        try await StatsAggregationTests.expectStats(of: ids, in: upgraded, equalRollupSumsOf: before)
        try await upgraded.insertClicks(after)
        try await StatsAggregationTests.expectStats(of: ids, in: upgraded, equalRollupSumsOf: before + after)
        try await close(upgraded)
    }

    @Test("SQLite: upgrading a database with clicks fills the stats rollups from click_daily")
    func sqliteUpgrade() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("upgrade.sqlite")
        try await Self.checkUpgrade(
            open: {
                let store = try await SQLiteLinkStore.open(path: path)
                #expect(try await store.schemaVersion() == SQLiteLinkStore.latestSchemaVersion)
                return store
            },
            close: { try await ($0 as? SQLiteLinkStore)?.close() },
            downgrade: { clicks in
                let connection = try await SQLiteConnection.open(storage: .file(path: path))
                for statement in Self.downgradeTo4(flag: ("INTEGER", "1", "0"), holding: clicks) {
                    _ = try await connection.query(statement)
                }
                let version = try await connection.query("SELECT MAX(version) AS version FROM schema_migrations")
                #expect(version.first?.column("version")?.integer == 4)
                try await connection.close()
            })
    }

    @Test(
        "PostgreSQL: upgrading a database with clicks fills the stats rollups from click_daily",
        .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.skipNote))
    func postgresUpgrade() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            try await Self.checkUpgrade(
                open: {
                    let store = try await PostgresLinkStore.open(
                        url: schema.url, options: PostgresTestDatabase.storeOptions)
                    #expect(try await store.schemaVersion() == PostgresLinkStore.latestSchemaVersion)
                    return store
                },
                close: { try await ($0 as? PostgresLinkStore)?.close() },
                downgrade: { clicks in
                    try await PostgresTestDatabase.withAdminConnection { connection in
                        for statement in Self.downgradeTo4(
                            prefix: schema.name + ".", flag: ("boolean", "true", "false"), holding: clicks)
                        {
                            try await connection.query(
                                PostgresQuery(unsafeSQL: statement),
                                logger: PostgresTestDatabase.logger)
                        }
                    }
                })
        }
    }
}
