import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import PostgresNIO
import SQLiteNIO
import Testing

/// Every store keeps a click's in-app browser and counts people's clicks per app (the stats'
/// `inApp`); a database of schema version 16 gains both on upgrade and keeps what it held.
@Suite("In-app stats")
struct InAppStatsTests {
    static let start = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01T00:00:00Z

    /// Clicks of `link`: each app `index + 1` times, on three days, plus system-browser visits,
    /// bots from Instagram's browser (not counted), and a click without a link.
    static func clicks(of link: String) -> [Click] {
        var clicks: [Click] = []
        for (index, app) in InAppBrowser.allCases.enumerated() {
            for visit in 0...index {
                clicks.append(
                    Click(
                        linkID: link, tenant: "storyteller", time: start.addingTimeInterval(Double(visit % 3) * 86_400),
                        platform: visit % 2 == 0 ? .ios : .android, browser: app.name, inApp: app))
            }
        }
        clicks += (0..<5).map { _ in Click(linkID: link, tenant: "storyteller", time: start, platform: .ios) }
        clicks += (0..<2).map { _ in
            Click(linkID: link, tenant: "storyteller", time: start, platform: .ios, isBot: true, inApp: .instagram)
        }
        clicks.append(Click(linkID: nil, tenant: "storyteller", time: start, platform: .ios, inApp: .tiktok))
        return clicks
    }

    /// What ``clicks(of:)`` counts per app.
    static let expected = Dictionary(
        uniqueKeysWithValues: InAppBrowser.allCases.enumerated().map { ($1.name, $0 + 1) })

    @Test(
        "stats count people's clicks per app over batches; bots, system browsers and other tenants are not in it",
        arguments: LinkStoreFactory.all)
    func countsPerApp(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = LinkStoreConformanceTests.makeLink(slug: "apps")
            let other = LinkStoreConformanceTests.makeLink(slug: "plain")
            _ = try await store.insertLink(link)
            _ = try await store.insertLink(other)
            #expect(try await store.stats(tenant: "storyteller", linkID: link.id).inApp == [:])
            let clicks = Self.clicks(of: link.id)
            // Two batches: the second adds to the rows the first made.
            try await store.insertClicks(Array(clicks.prefix(40)))
            try await store.insertClicks(Array(clicks.dropFirst(40)))
            try await store.insertClicks([
                Click(linkID: other.id, tenant: "storyteller", time: Self.start, platform: .ios)
            ])

            let stats = try await store.stats(tenant: "storyteller", linkID: link.id)
            #expect(stats.inApp == Self.expected)
            #expect(stats.clicks == Self.expected.values.reduce(0, +) + 5)
            #expect(try await store.inAppClicks(tenant: "storyteller", linkID: link.id) == Self.expected)
            #expect(try await store.stats(tenant: "storyteller", linkID: other.id).inApp == [:])
            #expect(try await store.inAppClicks(tenant: "another", linkID: link.id) == [:])
            #expect(try await store.stats(tenant: "another", linkID: link.id).inApp == [:])

            // The rows go with the link.
            #expect(try await store.deleteLink(tenant: "storyteller", slug: "apps", at: Date()))
            _ = try await store.insertLink(link)
            #expect(try await store.inAppClicks(tenant: "storyteller", linkID: link.id) == [:])
        }
    }

    @Test("SQLite: a click's row keeps its app's name, NULL from a system browser")
    func sqliteClickRow() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("clicks.sqlite")
        let store = try await SQLiteLinkStore.open(path: path)
        let link = LinkStoreConformanceTests.makeLink(slug: "row")
        _ = try await store.insertLink(link)
        try await store.insertClicks([
            Click(linkID: link.id, tenant: "storyteller", time: Self.start, platform: .ios, inApp: .googleApp),
            Click(linkID: link.id, tenant: "storyteller", time: Self.start, platform: .ios, browser: "Safari"),
        ])
        try await store.close()
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        let rows = try await connection.query("SELECT in_app FROM clicks ORDER BY id")
        try await connection.close()
        #expect(rows.map { $0.column("in_app")?.string } == ["Google app", nil])
    }

    /// Turns a database at the latest schema back into one at version 16, as a build before
    /// in-app browsers left it.
    static func downgradeTo16(prefix: String = "") -> [String] {
        [
            // Version 22 added click ids and app events.
            "DROP TABLE \(prefix)events",
            "DROP INDEX \(prefix)clicks_click_id",
            "ALTER TABLE \(prefix)clicks DROP COLUMN click_id",
            // Version 20 added keys' scopes, name, owner and last use, and the audit log.
            "ALTER TABLE \(prefix)api_keys DROP COLUMN scopes",
            "ALTER TABLE \(prefix)api_keys DROP COLUMN name",
            "ALTER TABLE \(prefix)api_keys DROP COLUMN owner",
            "ALTER TABLE \(prefix)api_keys DROP COLUMN last_used_at",
            "DROP TABLE \(prefix)audit_events",
            // Version 19 added a link's imported click total.
            "ALTER TABLE \(prefix)links DROP COLUMN imported_clicks",
            "ALTER TABLE \(prefix)clicks DROP COLUMN in_app",
            "DROP TABLE \(prefix)in_app_clicks",
            // Version 18's runtime domains go too: the store migrates every later version again.
            "DROP TABLE \(prefix)domains",
            // And version 21's people tables.
            "DROP TABLE \(prefix)people", "DROP TABLE \(prefix)memberships", "DROP TABLE \(prefix)invitations",
            // Version 24 moved people's sessions into console_sessions (21 makes person_sessions, 24 drops it).
            "ALTER TABLE \(prefix)console_sessions DROP COLUMN person_id",
            "DELETE FROM \(prefix)schema_migrations WHERE version >= 17",
        ]
    }

    /// A link with clicks at version 16, the store opened again (migrating), then in-app clicks:
    /// the old figures stay, the new clicks are counted per app.
    static func checkUpgrade(
        open: () async throws -> any LinkStore, close: (any LinkStore) async throws -> Void,
        downgrade: () async throws -> Void
    ) async throws {
        let link = LinkStoreConformanceTests.makeLink(slug: "upgraded")
        let before = (0..<4).map { _ in
            Click(linkID: link.id, tenant: "storyteller", time: start, platform: .ios, browser: "Safari")
        }
        let first = try await open()
        _ = try await first.insertLink(link)
        try await first.insertClicks(before)
        try await close(first)
        try await downgrade()

        let upgraded = try await open()
        let old = try await upgraded.stats(tenant: "storyteller", linkID: link.id)
        #expect(old.clicks == 4)
        #expect(old.inApp == [:])
        try await upgraded.insertClicks(clicks(of: link.id))
        let stats = try await upgraded.stats(tenant: "storyteller", linkID: link.id)
        #expect(stats.inApp == expected)
        #expect(stats.clicks == 4 + expected.values.reduce(0, +) + 5)
        try await close(upgraded)
    }

    @Test("SQLite: a version-16 database gains the in-app column and counts, keeping its clicks")
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
            downgrade: {
                let connection = try await SQLiteConnection.open(storage: .file(path: path))
                for statement in Self.downgradeTo16() { _ = try await connection.query(statement) }
                let version = try await connection.query("SELECT MAX(version) AS version FROM schema_migrations")
                #expect(version.first?.column("version")?.integer == 16)
                let columns = try await connection.query("SELECT name FROM pragma_table_info('clicks')")
                #expect(!columns.contains { $0.column("name")?.string == "in_app" })
                try await connection.close()
            })
    }

    @Test(
        "PostgreSQL: a version-16 database gains the in-app column and counts, keeping its clicks",
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
                downgrade: {
                    try await PostgresTestDatabase.withAdminConnection { connection in
                        for statement in Self.downgradeTo16(prefix: schema.name + ".") {
                            try await connection.query(
                                PostgresQuery(unsafeSQL: statement), logger: PostgresTestDatabase.logger)
                        }
                    }
                })
        }
    }
}
