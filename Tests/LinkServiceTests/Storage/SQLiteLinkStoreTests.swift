import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import SQLiteNIO
import Testing

/// What only the SQLite store promises: WAL, versioned migrations, and data on disk.
@Suite("SQLite store")
struct SQLiteLinkStoreTests {
    @Test("a new file is in WAL mode at the latest schema version")
    func walAndVersion() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await SQLiteLinkStore.open(path: directory.path("w.sqlite"))
        #expect(try await store.journalMode() == "wal")
        #expect(try await store.schemaVersion() == SQLiteLinkStore.latestSchemaVersion)
        try await store.close()
    }

    @Test("a new database file, its WAL and its shared memory are readable by their owner only (0600)")
    func privateFiles() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("private.sqlite")
        let store = try await SQLiteLinkStore.open(path: path)
        try await store.insertAPIKey(APIKey.make(tenant: "t").record)
        for file in [path, path + "-wal", path + "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            let mode = try #require(attributes[.posixPermissions] as? Int)
            #expect(mode == 0o600, "\(file) is \(String(mode, radix: 8))")
        }
        try await store.close()
    }

    @Test(
        "a database from a newer build is refused (schema-too-new) and no connection to it stays open",
        .enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "counts open files in /proc"))
    func newerSchemaRefusedWithoutLeaks() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("newer.sqlite")
        try await SQLiteLinkStore.open(path: path).close()
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        _ = try await connection.query("INSERT INTO schema_migrations (version, applied_at) VALUES (999, 0)")
        try await connection.close()

        for _ in 0..<5 {
            await #expect(throws: LinkStoreError.schemaTooNew(found: 999, known: SQLiteLinkStore.latestSchemaVersion)) {
                try await SQLiteLinkStore.open(path: path)
            }
        }
        // Files of this test's directory still open in this process (the database, its WAL and
        // shared memory): each refused open would leave its reader connections' files behind.
        let open = try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").filter { fd in
            (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(fd)"))?
                .hasPrefix(directory.path("newer.sqlite")) ?? false
        }
        #expect(open.isEmpty)
    }

    @Test("stores opening the same new file at once all open, and each migration is applied once")
    func concurrentOpensMigrateOnce() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Several rounds: the race is between reading the version and taking the write lock. Two
        // stores, as two processes would: more in one process would wait on each other for the
        // threads that run SQLite calls (as many as cores), not for the database.
        for round in 0..<8 {
            let path = directory.path("race-\(round).sqlite")
            let opened = await withTaskGroup(of: Result<SQLiteLinkStore, any Error>.self) { group in
                for _ in 0..<2 {
                    group.addTask {
                        do { return .success(try await SQLiteLinkStore.open(path: path)) } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            for case .success(let store) in opened { try await store.close() }
            for case .failure(let error) in opened { Issue.record(error, "a store did not open") }
            let connection = try await SQLiteConnection.open(storage: .file(path: path))
            let versions = try await connection.query("SELECT version FROM schema_migrations ORDER BY version")
                .compactMap { $0.column("version")?.integer }
            try await connection.close()
            #expect(versions == SQLiteMigrations.all.map(\.version))
        }
    }

    @Test(
        "a change another store commits to the file is reported as a resynchronize; the follower's own writes are not"
    )
    func changeFeedFollowsOtherConnections() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let follower = try await SQLiteLinkStore.open(path: directory.path("f.sqlite"))
        let other = try await SQLiteLinkStore.open(path: directory.path("f.sqlite"))
        #expect(follower.reportsEveryChange)
        let (changes, continuation) = AsyncStream.makeStream(of: LinkChange.self)
        let following = Task { await follower.followLinkChanges { continuation.yield($0) } }
        var iterator = changes.makeAsyncIterator()
        #expect(await iterator.next() == .resynchronize)
        // The follower's own writes are its caller's business: three polls go by unreported, then
        // the other store's write is the next report.
        _ = try await follower.insertLink(LinkStoreConformanceTests.makeLink(slug: "own"))
        try await Task.sleep(for: SQLiteLinkStore.changePollInterval * 3)
        _ = try await other.insertLink(LinkStoreConformanceTests.makeLink(slug: "other"))
        let started = ContinuousClock.now
        #expect(await iterator.next() == .resynchronize)
        #expect(ContinuousClock.now - started < .seconds(30))
        following.cancel()
        await following.value
        continuation.finish()
        #expect(await iterator.next() == nil, "nothing else was reported")
        try await other.close()
        try await follower.close()
    }

    @Test("a committed link is in the file when it is opened again")
    func survivesReopen() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("r.sqlite")
        let link = LinkStoreConformanceTests.makeLink(slug: "durable")
        let first = try await SQLiteLinkStore.open(path: path)
        _ = try await first.insertLink(link)
        try await first.close()
        let second = try await SQLiteLinkStore.open(path: path)
        #expect(try await second.link(tenant: "storyteller", slug: "durable") == link)
        #expect(try await second.schemaVersion() == SQLiteLinkStore.latestSchemaVersion)
        try await second.close()
    }

    @Test("a link is readable as soon as its insert returns, while long reads run alongside")
    func readsSeeEveryCommittedLink() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let store = try await SQLiteLinkStore.open(path: directory.path("c.sqlite"))
        _ = try await store.insertLinks((0..<2_000).map { LinkStoreConformanceTests.makeLink(slug: "bulk-\($0)") })
        let missing = try await withThrowingTaskGroup(of: Int.self) { group in
            // Long list reads that overlap each other, as a busy API's do.
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<25 { _ = try await store.links(tenant: "storyteller", after: nil, limit: 1_000) }
                    return 0
                }
            }
            for writer in 0..<2 {
                group.addTask {
                    var missing = 0
                    for number in 0..<100 {
                        let link = LinkStoreConformanceTests.makeLink(slug: "fresh-\(writer)-\(number)")
                        _ = try await store.insertLink(link)
                        if try await store.link(tenant: "storyteller", slug: link.slug) == nil { missing += 1 }
                    }
                    return missing
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(missing == 0)
        try await store.close()
    }

    @Test(
        "database URLs",
        arguments: [
            ("sqlite:./wayfinder.sqlite", DatabaseURL.sqlite(path: "./wayfinder.sqlite")),
            ("sqlite:///var/lib/w.sqlite", .sqlite(path: "/var/lib/w.sqlite")),
            ("postgres://u@h/db", .postgres("postgres://u@h/db")),
            ("memory:", .memory),
        ])
    func databaseURLs(text: String, expected: DatabaseURL) throws {
        #expect(try DatabaseURL(parsing: text) == expected)
    }

    @Test("memory: opens an empty store in memory, and its description reads back as written")
    func memoryDatabaseURL() async throws {
        let url = try DatabaseURL(parsing: "memory:")
        #expect(url.description == "memory:")
        let store = try await url.openStore()
        #expect(store is MemoryLinkStore)
        #expect(try await store.links(tenant: "storyteller", after: nil, limit: 10).links.isEmpty)
        #expect(throws: LinkStoreError.unsupportedDatabaseURL("memory:x")) { try DatabaseURL(parsing: "memory:x") }
    }

    @Test("an unknown database URL says which forms work")
    func badDatabaseURL() {
        #expect(throws: LinkStoreError.unsupportedDatabaseURL("mysql://x")) { try DatabaseURL(parsing: "mysql://x") }
    }
}
