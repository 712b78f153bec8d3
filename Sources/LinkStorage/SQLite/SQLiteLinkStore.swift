import Foundation
import LinkCore
import Logging
import NIOCore
import NIOPosix
import SQLiteNIO
import Synchronization

/// The embedded store: one SQLite file in WAL mode.
///
/// Writes go through one connection, one transaction at a time, with `synchronous=FULL` so a
/// committed link survives a crash or power loss; reads use a few connections of their own and run
/// alongside writes (WAL readers never block the writer). Open it with ``open(path:logger:)``,
/// which also runs the migrations.
package final class SQLiteLinkStore: LinkStore {
    package let writer: SQLiteConnection
    /// One query at a time on each: statements that overlap on one connection share its read
    /// transaction, so a query that began while a long one ran would read that one's older
    /// snapshot (a link created a moment ago would be `404` to the API).
    private let readers: [(connection: SQLiteConnection, lock: AsyncMutex)]
    private let nextReader = Mutex(0)
    private static let readerCount = 3
    private let writeLock = AsyncMutex()
    /// The threads SQLite's calls run on, one per connection, owned by this store alone. A
    /// statement waiting out another process's lock sleeps on its thread (`busy_timeout`); in a
    /// pool shared with other stores it could hold every thread, and the transaction it waits for
    /// could not commit until the wait gave up with "database is locked".
    private let threadPool: NIOThreadPool
    let logger: Logger

    private init(writer: SQLiteConnection, readers: [SQLiteConnection], threadPool: NIOThreadPool, logger: Logger) {
        self.writer = writer
        self.readers = readers.map { ($0, AsyncMutex()) }
        self.threadPool = threadPool
        self.logger = logger
    }

    /// Opens (creating if needed) the database file at `path` and brings its schema up to date.
    package static func open(path: String, logger: Logger = Logger(label: "wayfinder.sqlite")) async throws
        -> SQLiteLinkStore
    {
        try createPrivately(path: path)
        let threadPool = NIOThreadPool(numberOfThreads: readerCount + 1)
        threadPool.start()
        func connect() async throws -> SQLiteConnection {
            try await SQLiteConnection.open(
                storage: .file(path: path), threadPool: threadPool, logger: logger,
                on: MultiThreadedEventLoopGroup.singleton.any())
        }
        let writer: SQLiteConnection
        do { writer = try await connect() } catch {
            try? await threadPool.shutdownGracefully()
            throw error
        }
        // Every connection opened so far is closed when a later step fails (a reader that cannot
        // open, a database of a newer build): SQLiteNIO asserts on connections dropped unclosed.
        var readers: [SQLiteConnection] = []
        do {
            // First, so that stores opening a new file together wait for each other's locks.
            // While opening, another process may be migrating the same file, which can take long
            // (an index on a big table): wait for it up to a minute, not a request's 5 seconds.
            _ = try await writer.query("PRAGMA busy_timeout=\(openingWaitMilliseconds)")
            try await switchToWAL(writer)
            _ = try await writer.query("PRAGMA synchronous=FULL")
            // Checkpoints every 10,000 WAL pages (40 MB) instead of 1,000: the pages every click
            // batch touches again (its links' rollup rows and index entries) are copied into the
            // database once per checkpoint, so fewer checkpoints write and sync less.
            _ = try await writer.query("PRAGMA wal_autocheckpoint=10000")
            // Statement journals in memory: a multi-row INSERT inside a transaction (a click
            // batch's outbox rows) journals every page it changes in case it must be undone, and
            // in a temporary file that was a write per page, most of a click event's cost.
            _ = try await writer.query("PRAGMA temp_store=MEMORY")
            // 16 MB of pages for the writer (SQLite's default is 2 MB): the outboxes' recent
            // pages and indexes stay in memory between the batch that writes them and the worker
            // that reads and updates them, instead of being read back from the file.
            _ = try await writer.query("PRAGMA cache_size=-16384")
            try await installFunctions(on: writer)
            for _ in 0..<readerCount {
                let reader = try await connect()
                readers.append(reader)
                _ = try await reader.query("PRAGMA busy_timeout=5000")
                try await installFunctions(on: reader)
            }
            let store = SQLiteLinkStore(writer: writer, readers: readers, threadPool: threadPool, logger: logger)
            try await store.migrate()
            _ = try await writer.query("PRAGMA busy_timeout=5000")
            return store
        } catch {
            for reader in readers { try? await reader.close() }
            try? await writer.close()
            try? await threadPool.shutdownGracefully()
            throw error
        }
    }

    /// Puts the file in WAL mode, retrying while another store switches it at the same moment.
    ///
    /// Two connections switching a new file together each hold a shared lock and want the
    /// exclusive one; SQLite answers the second `SQLITE_BUSY` at once instead of calling its busy
    /// handler (waiting would deadlock), so `busy_timeout` does not cover this step. The first
    /// one's switch is done in a moment; after it, the statement finds WAL and changes nothing.
    private static func switchToWAL(_ connection: SQLiteConnection) async throws {
        let deadline = ContinuousClock.now + .milliseconds(openingWaitMilliseconds)
        while true {
            do {
                _ = try await connection.query("PRAGMA journal_mode=WAL")
                return
            } catch let error as SQLiteError where error.reason == .busy && ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(20))
            }
        }
    }

    /// How long opening waits for another process's hold on the file.
    private static let openingWaitMilliseconds = 60_000

    package func close() async throws {
        var failure: (any Error)?
        for connection in [writer] + readers.map(\.connection) {
            do { try await connection.close() } catch { failure = failure ?? error }
        }
        try await threadPool.shutdownGracefully()
        if let failure { throw failure }
    }

    // MARK: Migrations

    package func migrate() async throws {
        try await writeLock.withLock { [writer] in
            // One migration per transaction, the version read inside it (under the write lock of
            // `BEGIN IMMEDIATE`, taken before anything is read): another process opening the same
            // new file at the same moment finds the versions this one applied, instead of applying
            // them again.
            while try await Self.transaction(writer, { try await Self.applyNextMigration(on: writer) }) {}
        }
    }

    /// Applies the first migration the database has not had; `false` when it has them all.
    private static func applyNextMigration(on writer: SQLiteConnection) async throws -> Bool {
        _ = try await writer.query(
            "CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, applied_at INTEGER NOT NULL)")
        let rows = try await writer.query("SELECT MAX(version) AS version FROM schema_migrations")
        let current = rows.first?.column("version")?.integer ?? 0
        guard current <= SQLiteMigrations.latestVersion else {
            throw LinkStoreError.schemaTooNew(found: current, known: SQLiteMigrations.latestVersion)
        }
        guard let migration = SQLiteMigrations.all.first(where: { $0.version > current }) else { return false }
        for statement in migration.statements {
            _ = try await writer.query(statement)
        }
        _ = try await writer.query(
            "INSERT INTO schema_migrations (version, applied_at) VALUES (?, ?)",
            [.integer(migration.version), .integer(Date().millisecondsSince1970)])
        return true
    }

    /// The schema version this build migrates to.
    package static var latestSchemaVersion: Int { SQLiteMigrations.latestVersion }

    /// The schema version the database is at.
    package func schemaVersion() async throws -> Int {
        let rows = try await read("SELECT MAX(version) AS version FROM schema_migrations")
        return rows.first?.column("version")?.integer ?? 0
    }

    /// The database's journal mode (`wal` once opened by this store).
    package func journalMode() async throws -> String {
        try await read("PRAGMA journal_mode").first?.column("journal_mode")?.string ?? ""
    }

    package static func transaction<T>(_ connection: SQLiteConnection, _ body: () async throws -> T) async throws -> T {
        _ = try await connection.query("BEGIN IMMEDIATE")
        do {
            let value = try await body()
            _ = try await connection.query("COMMIT")
            return value
        } catch {
            _ = try? await connection.query("ROLLBACK")
            throw error
        }
    }

    /// Runs `body` on the writer, one at a time; a full or failing disk comes out as
    /// ``LinkStoreError`` (see ``translate(_:)``).
    func withWriter<T: Sendable>(_ body: @Sendable @escaping (SQLiteConnection) async throws -> T)
        async throws -> T
    {
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
    private func read(_ sql: String, _ binds: [SQLiteData] = []) async throws -> [SQLiteRow] {
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
}

extension SQLiteLinkStore: SQLStore {
    package var dialect: SQLDialect { .sqlite }

    package func read(_ statement: SQLStatement) async throws -> [any SQLRow] {
        try await read(statement.sql(in: .sqlite), statement.binds.map(SQLiteData.init))
    }

    package func write<T: Sendable>(_ kind: SQLWrite, _ body: @escaping @Sendable (SQLSession) async throws -> T)
        async throws -> T
    {
        try await withWriter { writer in
            let session = SQLSession(dialect: .sqlite) { statement in
                try await writer.query(statement.sql(in: .sqlite), statement.binds.map(SQLiteData.init))
            }
            if case .statements = kind { return try await body(session) }
            return try await Self.transaction(writer) { try await body(session) }
        }
    }

    /// Installs the functions the dialect names (``SQLDialect/lower``) on a connection.
    package static func installFunctions(on connection: SQLiteConnection) async throws {
        try await connection.install(
            customFunction: SQLiteCustomFunction("wayfinder_lower", argumentCount: 1, pure: true) { arguments in
                arguments.first?.string?.lowercased()
            })
    }
}

extension SQLiteData {
    package init(_ value: SQLValue) {
        switch value {
        case .null: self = .null
        case .integer(let integer): self = .integer(SQLiteInt64(integer))
        case .text(let text): self = .text(text)
        case .bool(let flag): self = .integer(flag ? 1 : 0)
        }
    }
}

extension SQLiteRow: SQLRow {
    package func value(_ name: String) -> SQLValue? {
        switch column(name) {
        case .integer(let integer): .integer(Int(integer))
        case .text(let text): .text(text)
        case .null: .null
        case .float, .blob, nil: nil
        }
    }
}
