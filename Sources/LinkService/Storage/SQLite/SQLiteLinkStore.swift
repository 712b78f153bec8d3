import Foundation
import Logging
import NIOCore
import SQLiteNIO
import Synchronization

/// The embedded store: one SQLite file in WAL mode.
///
/// Writes go through one connection, one transaction at a time, with `synchronous=FULL` so a
/// committed link survives a crash or power loss; reads use a few connections of their own and run
/// alongside writes (WAL readers never block the writer). Open it with ``open(path:logger:)``,
/// which also runs the migrations.
public final class SQLiteLinkStore: LinkStore {
    let writer: SQLiteConnection
    /// One query at a time on each: statements that overlap on one connection share its read
    /// transaction, so a query that began while a long one ran would read that one's older
    /// snapshot (a link created a moment ago would be `404` to the API).
    private let readers: [(connection: SQLiteConnection, lock: AsyncMutex)]
    private let nextReader = Mutex(0)
    private static let readerCount = 3
    private let writeLock = AsyncMutex()
    /// Rows per multi-row `INSERT`: a whole flush batch (5,000 by default) in one statement, since
    /// every statement is a prepare and a round trip to NIO's thread pool; 13 values a row stays
    /// far below SQLiteNIO's bound-variable limit (250,000).
    private static let rowsPerStatement = 5_000

    private init(writer: SQLiteConnection, readers: [SQLiteConnection]) {
        self.writer = writer
        self.readers = readers.map { ($0, AsyncMutex()) }
    }

    /// Opens (creating if needed) the database file at `path` and brings its schema up to date.
    public static func open(path: String, logger: Logger = Logger(label: "wayfinder.sqlite")) async throws
        -> SQLiteLinkStore
    {
        let writer = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        // Every connection opened so far is closed when a later step fails (a reader that cannot
        // open, a database of a newer build): SQLiteNIO asserts on connections dropped unclosed.
        var readers: [SQLiteConnection] = []
        do {
            _ = try await writer.query("PRAGMA journal_mode=WAL")
            _ = try await writer.query("PRAGMA synchronous=FULL")
            _ = try await writer.query("PRAGMA busy_timeout=5000")
            // Checkpoints every 10,000 WAL pages (40 MB) instead of 1,000: the pages every click
            // batch touches again (its links' rollup rows and index entries) are copied into the
            // database once per checkpoint, so fewer checkpoints write and sync less.
            _ = try await writer.query("PRAGMA wal_autocheckpoint=10000")
            for _ in 0..<readerCount {
                let reader = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
                readers.append(reader)
                _ = try await reader.query("PRAGMA busy_timeout=5000")
            }
            let store = SQLiteLinkStore(writer: writer, readers: readers)
            try await store.migrate()
            return store
        } catch {
            for reader in readers { try? await reader.close() }
            try? await writer.close()
            throw error
        }
    }

    public func close() async throws {
        try await writer.close()
        for reader in readers { try await reader.connection.close() }
    }

    // MARK: Migrations

    public func migrate() async throws {
        try await writeLock.withLock { [writer] in
            _ = try await writer.query(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)"
            )
            let rows = try await writer.query("SELECT MAX(version) AS version FROM schema_migrations")
            let current = rows.first?.column("version")?.integer ?? 0
            guard current <= SQLiteMigrations.latestVersion else {
                throw LinkStoreError.schemaTooNew(found: current, known: SQLiteMigrations.latestVersion)
            }
            for migration in SQLiteMigrations.all where migration.version > current {
                try await Self.transaction(writer) {
                    for statement in migration.statements {
                        _ = try await writer.query(statement)
                    }
                    _ = try await writer.query(
                        "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
                        [.integer(migration.version), .integer(Date().millisecondsSince1970)])
                }
            }
        }
    }

    /// The schema version this build migrates to.
    public static var latestSchemaVersion: Int { SQLiteMigrations.latestVersion }

    /// The schema version the database is at.
    public func schemaVersion() async throws -> Int {
        let rows = try await read("SELECT MAX(version) AS version FROM schema_migrations")
        return rows.first?.column("version")?.integer ?? 0
    }

    /// The database's journal mode (`wal` once opened by this store).
    public func journalMode() async throws -> String {
        try await read("PRAGMA journal_mode").first?.column("journal_mode")?.string ?? ""
    }

    static func transaction(_ connection: SQLiteConnection, _ body: () async throws -> Void) async throws {
        _ = try await connection.query("BEGIN IMMEDIATE")
        do {
            try await body()
            _ = try await connection.query("COMMIT")
        } catch {
            _ = try? await connection.query("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` on the writer, one at a time; a full or failing disk comes out as
    /// ``LinkStoreError`` (see ``translate(_:)``).
    func write<T: Sendable>(_ body: @Sendable @escaping (SQLiteConnection) async throws -> T) async throws -> T {
        do {
            return try await writeLock.withLock { [writer] in
                try await body(writer)
            }
        } catch {
            throw Self.translate(error)
        }
    }

    /// Runs a read on the next reader connection, alone on it (see `readers`); a failing disk
    /// comes out as ``LinkStoreError`` like a write's (see ``translate(_:)``), so a read that
    /// cannot reach the file answers `503`.
    func read(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
        let reader = readers[
            nextReader.withLock { next in
                defer { next = (next + 1) % readers.count }
                return next
            }]
        do {
            return try await reader.lock.withLock { try await reader.connection.query(sql, binds) }
        } catch {
            throw Self.translate(error)
        }
    }

    // MARK: Links

    private static let linkColumns = """
        seq, id, tenant, domain, slug, destination, social_title, social_description, social_image_url, \
        fallback_ios, fallback_android, fallback_desktop, skip_preview, \
        utm_source, utm_medium, utm_campaign, utm_term, utm_content, expires_at, created_at, updated_at, firebase
        """

    public func insertLink(_ link: Link) async throws -> LinkInsertion {
        try await write { writer in try await Self.insert(link, on: writer) }
    }

    public func insertLinks(_ links: [Link]) async throws -> [LinkInsertion] {
        guard !links.isEmpty else { return [] }
        return try await write { writer in
            var results: [LinkInsertion] = []
            results.reserveCapacity(links.count)
            try await Self.transaction(writer) {
                for link in links { results.append(try await Self.insert(link, on: writer)) }
            }
            return results
        }
    }

    private static func insert(_ link: Link, on writer: SQLiteConnection) async throws -> LinkInsertion {
        let inserted = try await writer.query(
            """
            INSERT INTO links (\(Self.linkColumns.replacingOccurrences(of: "seq, ", with: "")))
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            ON CONFLICT (tenant, slug) DO NOTHING RETURNING seq
            """,
            Self.binds(for: link, includingIdentity: true))
        if inserted.isEmpty {
            let rows = try await writer.query(
                "SELECT \(Self.linkColumns) FROM links WHERE tenant = ? AND slug = ?",
                [.text(link.tenant), .text(link.slug)])
            guard let existing = rows.first.map(Self.link(from:)) else {
                throw LinkStoreError.database("link \(link.slug) was neither inserted nor found")
            }
            return .slugTaken(existing: existing)
        }
        return .inserted(link)
    }

    public func link(tenant: String, slug: String) async throws -> Link? {
        let rows = try await read(
            "SELECT \(Self.linkColumns) FROM links WHERE tenant = ? AND slug = ?", [.text(tenant), .text(slug)])
        return rows.first.map(Self.link(from:))
    }

    public func updateLink(_ link: Link) async throws -> Bool {
        try await write { writer in
            var binds = Self.binds(for: link, includingIdentity: false)
            binds += [.text(link.tenant), .text(link.slug)]
            let rows = try await writer.query(
                """
                UPDATE links SET domain = ?, destination = ?, social_title = ?, social_description = ?, social_image_url = ?,
                    fallback_ios = ?, fallback_android = ?, fallback_desktop = ?, skip_preview = ?,
                    utm_source = ?, utm_medium = ?, utm_campaign = ?, utm_term = ?, utm_content = ?,
                    expires_at = ?, created_at = ?, updated_at = ?, firebase = ?
                WHERE tenant = ? AND slug = ? RETURNING seq
                """,
                binds)
            return !rows.isEmpty
        }
    }

    public func deleteLink(tenant: String, slug: String) async throws -> Bool {
        try await write { writer in
            var deleted = false
            try await Self.transaction(writer) {
                let rows = try await writer.query(
                    "DELETE FROM links WHERE tenant = ? AND slug = ? RETURNING id", [.text(tenant), .text(slug)])
                guard let id = rows.first?.column("id")?.string else { return }
                deleted = true
                _ = try await writer.query("DELETE FROM clicks WHERE link_id = ?", [.text(id)])
                for table in ["click_daily", "click_daily_totals", "click_totals"] {
                    _ = try await writer.query("DELETE FROM \(table) WHERE link_id = ?", [.text(id)])
                }
                try await Self.deleteDeferred(linkID: id, on: writer)
            }
            return deleted
        }
    }

    public func links(tenant: String, after cursor: String?, limit: Int) async throws -> LinkPage {
        var after: Int = 0
        if let cursor {
            guard let seq = Int(cursor), seq >= 0 else { throw LinkStoreError.invalidCursor(cursor) }
            after = seq
        }
        let limit = max(1, limit)
        let rows = try await read(
            "SELECT \(Self.linkColumns) FROM links WHERE tenant = ? AND seq > ? ORDER BY seq LIMIT ?",
            [.text(tenant), .integer(after), .integer(limit + 1)])
        let page = rows.prefix(limit)
        let next = rows.count > limit ? page.last?.column("seq")?.integer.map(String.init) : nil
        return LinkPage(links: page.map(Self.link(from:)), nextCursor: next)
    }

    public func searchLinks(tenant: String, matching text: String, before cursor: String?, limit: Int) async throws
        -> LinkPage
    {
        var before = Int.max
        if let cursor {
            guard let seq = Int(cursor), seq >= 0 else { throw LinkStoreError.invalidCursor(cursor) }
            before = seq
        }
        let limit = max(1, limit)
        let needle = SQLiteData.text(text.lowercased())
        // instr, not LIKE: what people type (%, _) is matched as written.
        let rows = try await read(
            """
            SELECT \(Self.linkColumns) FROM links WHERE tenant = ? AND seq < ?
            AND (? = '' OR instr(lower(slug), ?) > 0 OR instr(lower(destination), ?) > 0
                OR instr(lower(COALESCE(social_title, '')), ?) > 0
                OR instr(lower(CASE WHEN json_valid(firebase) THEN COALESCE(json_extract(firebase, '$.linkName'), '') ELSE '' END), ?) > 0)
            ORDER BY seq DESC LIMIT ?
            """,
            [.text(tenant), .integer(before), needle, needle, needle, needle, needle, .integer(limit + 1)])
        let page = rows.prefix(limit)
        let next = rows.count > limit ? page.last?.column("seq")?.integer.map(String.init) : nil
        return LinkPage(links: page.map(Self.link(from:)), nextCursor: next)
    }

    private static func binds(for link: Link, includingIdentity: Bool) -> [SQLiteData] {
        let content = link.content
        var binds: [SQLiteData] = includingIdentity ? [.text(link.id), .text(link.tenant)] : []
        if includingIdentity {
            binds += [.text(link.domain), .text(link.slug)]
        } else {
            binds += [.text(link.domain)]
        }
        binds += [
            .text(content.destination),
            SQLiteData(content.social?.title), SQLiteData(content.social?.description),
            SQLiteData(content.social?.imageURL),
            SQLiteData(content.fallbacks.ios), SQLiteData(content.fallbacks.android),
            SQLiteData(content.fallbacks.desktop),
            .integer(content.skipPreview ? 1 : 0),
        ]
        binds += UTMParameters.names.map { SQLiteData(content.utm[$0]) }
        binds += [
            content.expiresAt.map { .integer($0.millisecondsSince1970) } ?? .null,
            .integer(link.createdAt.millisecondsSince1970), .integer(link.updatedAt.millisecondsSince1970),
            SQLiteData(content.firebase?.storedText),
        ]
        return binds
    }

    private static func link(from row: SQLiteRow) -> Link {
        func text(_ name: String) -> String? { row.column(name)?.string }
        func date(_ name: String) -> Date? { row.column(name)?.integer.map(Date.init(millisecondsSince1970:)) }
        let social = SocialCard(
            title: text("social_title"), description: text("social_description"), imageURL: text("social_image_url"))
        var utm = UTMParameters()
        for name in UTMParameters.names { utm[name] = text("utm_" + name) }
        let content = LinkContent(
            destination: text("destination") ?? "",
            social: social.isEmpty ? nil : social,
            fallbacks: Fallbacks(
                ios: text("fallback_ios"), android: text("fallback_android"), desktop: text("fallback_desktop")),
            skipPreview: row.column("skip_preview")?.integer == 1,
            utm: utm,
            expiresAt: date("expires_at"),
            firebase: FirebaseParameters(storedText: text("firebase")))
        return Link(
            id: text("id") ?? "", tenant: text("tenant") ?? "", domain: text("domain") ?? "", slug: text("slug") ?? "",
            content: content, createdAt: date("created_at") ?? Date(timeIntervalSince1970: 0),
            updatedAt: date("updated_at") ?? Date(timeIntervalSince1970: 0))
    }

    // MARK: API keys

    public func insertAPIKey(_ key: APIKeyRecord) async throws {
        try await write { writer in
            _ = try await writer.query(
                "INSERT INTO api_keys (hash, prefix, tenant, created_at, revoked_at) VALUES (?, ?, ?, ?, ?)",
                [
                    .text(key.hash), .text(key.prefix), .text(key.tenant),
                    .integer(key.createdAt.millisecondsSince1970),
                    key.revokedAt.map { .integer($0.millisecondsSince1970) } ?? .null,
                ])
        }
    }

    public func apiKey(hash: String) async throws -> APIKeyRecord? {
        try await read("SELECT * FROM api_keys WHERE hash = ?", [.text(hash)]).first.map(Self.apiKey(from:))
    }

    public func apiKeys(tenant: String?) async throws -> [APIKeyRecord] {
        let rows =
            if let tenant {
                try await read(
                    "SELECT * FROM api_keys WHERE tenant = ? ORDER BY created_at, prefix", [.text(tenant)])
            } else {
                try await read("SELECT * FROM api_keys ORDER BY created_at, prefix")
            }
        return rows.map(Self.apiKey(from:))
    }

    public func revokeAPIKeys(prefix: String, at date: Date) async throws -> Int {
        try await write { writer in
            let rows = try await writer.query(
                "UPDATE api_keys SET revoked_at = ? WHERE prefix = ? AND revoked_at IS NULL RETURNING hash",
                [.integer(date.millisecondsSince1970), .text(prefix)])
            return rows.count
        }
    }

    private static func apiKey(from row: SQLiteRow) -> APIKeyRecord {
        APIKeyRecord(
            prefix: row.column("prefix")?.string ?? "", hash: row.column("hash")?.string ?? "",
            tenant: row.column("tenant")?.string ?? "",
            createdAt: Date(millisecondsSince1970: row.column("created_at")?.integer ?? 0),
            revokedAt: row.column("revoked_at")?.integer.map(Date.init(millisecondsSince1970:)))
    }

    // MARK: Clicks

    public func insertClicks(_ clicks: [Click]) async throws {
        guard !clicks.isEmpty else { return }
        let rollups = ClickRollup.rollups(of: clicks)
        let dailyTotals = ClickRollup.dailyTotals(of: rollups)
        let totals = ClickRollup.totals(of: rollups)
        try await write { writer in
            try await Self.transaction(writer) {
                for start in stride(from: 0, to: clicks.count, by: Self.rowsPerStatement) {
                    let chunk = clicks[start..<min(start + Self.rowsPerStatement, clicks.count)]
                    var binds: [SQLiteData] = []
                    binds.reserveCapacity(chunk.count * 13)
                    for click in chunk {
                        binds += [
                            SQLiteData(click.linkID), .text(click.tenant), .integer(click.time.millisecondsSince1970),
                            .text(click.platform.rawValue), SQLiteData(click.os), SQLiteData(click.browser),
                            SQLiteData(click.referrerHost), .integer(click.isBot ? 1 : 0),
                        ]
                        for name in UTMParameters.names { binds.append(SQLiteData(click.utm[name])) }
                    }
                    _ = try await writer.query(
                        """
                        INSERT INTO clicks (link_id, tenant, time, platform, os, browser, referrer_host, is_bot,
                            utm_source, utm_medium, utm_campaign, utm_term, utm_content)
                        VALUES \(Self.placeholderRows(chunk.count, columns: 13))
                        """,
                        binds)
                }
                // One upsert per rollup table for all of the batch's rows (a batch's keys are
                // distinct): the fine rows, then the two that stats calls read.
                try await Self.addCounts(
                    rollups.map { key, count in
                        [
                            .text(key.linkID), .text(key.day), .text(key.platform), .text(key.referrer),
                            .integer(key.isBot ? 1 : 0), .integer(count),
                        ]
                    }, to: "click_daily", key: ["link_id", "day", "platform", "referrer", "is_bot"], on: writer)
                try await Self.addCounts(
                    dailyTotals.map { key, count in [.text(key.linkID), .text(key.day), .integer(count)] },
                    to: "click_daily_totals", key: ["link_id", "day"], on: writer)
                try await Self.addCounts(
                    totals.map { key, count in
                        [
                            .text(key.linkID), .text(key.platform), .text(key.referrer), .integer(key.isBot ? 1 : 0),
                            .integer(count),
                        ]
                    }, to: "click_totals", key: ["link_id", "platform", "referrer", "is_bot"], on: writer)
                try await Self.addIssuedClaims(of: clicks, on: writer)
            }
        }
    }

    /// Adds counts to a rollup table: `rows` are the `key` columns' values then the count, each
    /// key at most once; a row already there gets the count added.
    private static func addCounts(
        _ rows: [[SQLiteData]], to table: String, key: [String], on writer: SQLiteConnection
    ) async throws {
        for start in stride(from: 0, to: rows.count, by: rowsPerStatement) {
            let chunk = rows[start..<min(start + rowsPerStatement, rows.count)]
            let columns = key.joined(separator: ", ")
            _ = try await writer.query(
                """
                INSERT INTO \(table) (\(columns), count)
                VALUES \(placeholderRows(chunk.count, columns: key.count + 1))
                ON CONFLICT (\(columns)) DO UPDATE SET count = count + excluded.count
                """,
                chunk.flatMap { $0 })
        }
    }

    /// `(?, …), (?, …)`: `rows` rows of `columns` placeholders.
    private static func placeholderRows(_ rows: Int, columns: Int) -> String {
        let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
        return Array(repeating: row, count: rows).joined(separator: ", ")
    }

    public func stats(tenant: String, linkID: String) async throws -> LinkStats {
        // One statement over the two rollups kept for it: people's clicks per day, then every
        // platform, referrer and bot flag over all days; each is one range of its primary key, one
        // row per day or breakdown, however many clicks the link has. The tenant check keeps a
        // link ID of another tenant from counting anything.
        let rows = try await read(
            """
            SELECT 0 AS part, day, '' AS platform, '' AS referrer, 0 AS is_bot, count FROM click_daily_totals
            WHERE link_id = ?1 AND EXISTS (SELECT 1 FROM links WHERE links.id = ?1 AND links.tenant = ?2)
            UNION ALL
            SELECT 1, '', platform, referrer, is_bot, count FROM click_totals
            WHERE link_id = ?1 AND EXISTS (SELECT 1 FROM links WHERE links.id = ?1 AND links.tenant = ?2)
            """,
            [.text(linkID), .text(tenant)])
        var days: [(day: String, count: Int)] = []
        var breakdown: [ClickRollup.Breakdown] = []
        days.reserveCapacity(rows.count)
        for row in rows {
            let count = row.column("count")?.integer ?? 0
            if row.column("part")?.integer == 0 {
                days.append((row.column("day")?.string ?? "", count))
            } else {
                breakdown.append(
                    ClickRollup.Breakdown(
                        platform: row.column("platform")?.string ?? "", referrer: row.column("referrer")?.string ?? "",
                        isBot: row.column("is_bot")?.integer == 1, count: count))
            }
        }
        var stats = ClickRollup.stats(days: days, breakdown: breakdown)
        stats.deferred = try await deferredFunnel(tenant: tenant, linkID: linkID)
        return stats
    }

    public func clickCount(tenant: String) async throws -> Int {
        try await read("SELECT COUNT(*) AS count FROM clicks WHERE tenant = ?", [.text(tenant)]).first?.column(
            "count")?.integer ?? 0
    }
}

extension SQLiteData {
    /// `.text` or `.null`.
    init(_ text: String?) {
        self = text.map { .text($0) } ?? .null
    }
}
