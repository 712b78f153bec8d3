import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import PostgresNIO
import Synchronization
import Testing

/// What only the PostgreSQL store promises: migrations under an advisory lock, change
/// notifications, and prompt answers when the server is away. The behaviour it shares with
/// SQLite is in ``LinkStoreConformanceTests``.
@Suite("PostgreSQL store", .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.skipNote))
struct PostgresLinkStoreTests {
    @Test("a fixed pool opens all its connections at start and keeps them open; an elastic pool opens none until asked")
    func fixedPool() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            var fixedOptions = PostgresTestDatabase.storeOptions
            fixedOptions.maximumConnections = 3
            fixedOptions.minimumConnections = 3
            let fixed = try await PostgresLinkStore.open(url: schema.url, options: fixedOptions)
            let elastic = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let opened = try await Self.connections(named: fixed.applicationName, untilThereAre: 3)
            let openedByElastic = try await Self.connections(named: elastic.applicationName, untilThereAre: 0)
            try await fixed.close()
            try await elastic.close()
            #expect(opened == 3)
            #expect(openedByElastic == 0)
        }
    }

    /// The server's count of connections whose `application_name` is `name`, once it is
    /// `expected` or after 10 s.
    private static func connections(named name: String, untilThereAre expected: Int) async throws -> Int {
        try await PostgresTestDatabase.withAdminConnection { connection in
            var count = -1
            for _ in 0..<100 {
                let rows = try await connection.query(
                    "SELECT count(*)::int FROM pg_stat_activity WHERE application_name = \(name)",
                    logger: PostgresTestDatabase.logger)
                for try await row in rows { count = try row.decode(Int.self) }
                if count == expected { break }
                try await Task.sleep(for: .milliseconds(100))
            }
            return count
        }
    }

    @Test("instances starting together migrate once, one after the other, and all open")
    func concurrentMigrations() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            let stores = try await withThrowingTaskGroup(of: PostgresLinkStore.self) { group in
                for _ in 0..<4 {
                    group.addTask {
                        try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            for store in stores { #expect(try await store.schemaVersion() == PostgresLinkStore.latestSchemaVersion) }
            let rows = try await PostgresTestDatabase.withAdminConnection { connection in
                try await connection.query(
                    PostgresQuery(unsafeSQL: "SELECT version FROM \(schema.name).schema_migrations"),
                    logger: PostgresTestDatabase.logger
                )
                .collect().map { try $0.decode(Int.self) }
            }
            #expect(rows.sorted() == PostgresMigrations.all.map(\.version))
            for store in stores { try await store.close() }
        }
    }

    @Test("a database with a newer schema is refused with what to do")
    func schemaTooNew() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions).close()
            try await PostgresTestDatabase.withAdminConnection { connection in
                try await connection.query(
                    PostgresQuery(
                        unsafeSQL: "INSERT INTO \(schema.name).schema_migrations (version, applied_at) VALUES (99, 0)"),
                    logger: PostgresTestDatabase.logger)
            }
            await #expect(throws: LinkStoreError.schemaTooNew(found: 99, known: PostgresLinkStore.latestSchemaVersion))
            {
                try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            }
        }
    }

    @Test("a batch of links answers within its time limit while the table is locked, and writes nothing")
    func batchInsertIsBounded() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            let store = try await PostgresLinkStore.open(
                url: schema.url, options: .init(queryTimeout: .seconds(1), connectTimeout: .seconds(15)))
            // Only the blocked batch is held to the 1 s limit: on a loaded machine the statements
            // around it may outlast it too, so they are tried again.
            _ = try await Self.retryingWhileUnavailable {
                try await store.insertLink(LinkStoreConformanceTests.makeLink(slug: "before"))
            }
            let outcome = try await PostgresTestDatabase.withAdminConnection { admin in
                // Another client holds the table: the batch's insert waits as it would for a
                // database that stopped answering.
                try await admin.query("BEGIN", logger: PostgresTestDatabase.logger)
                try await admin.query(
                    PostgresQuery(unsafeSQL: "LOCK TABLE \(schema.name).links IN ACCESS EXCLUSIVE MODE"),
                    logger: PostgresTestDatabase.logger)
                let answer = Mutex<Result<[LinkInsertion], any Error>?>(nil)
                let attempt = Task {
                    let result: Result<[LinkInsertion], any Error>
                    do {
                        result = .success(
                            try await store.insertLinks([LinkStoreConformanceTests.makeLink(slug: "blocked")]))
                    } catch {
                        result = .failure(error)
                    }
                    answer.withLock { $0 = result }
                }
                // A limit of 1 s per hundred links: an answer long before 10 s, or none at all.
                let answered = await eventually(within: .seconds(10)) { answer.withLock { $0 != nil } }
                try await admin.query("ROLLBACK", logger: PostgresTestDatabase.logger)
                await attempt.value
                return (answered, answer.withLock { $0 })
            }
            #expect(outcome.0, "insertLinks did not answer while the table was locked")
            #expect(throws: LinkStoreError.self) { try outcome.1?.get() }
            if case .failure(let error as LinkStoreError) = outcome.1 { #expect(error.code == .unavailable) }
            #expect(
                try await Self.retryingWhileUnavailable { try await store.link(tenant: "storyteller", slug: "blocked") }
                    == nil)
            try await store.close()
        }
    }

    /// `body`'s answer, tried up to five times while the store answers `unavailable`.
    private static func retryingWhileUnavailable<T>(_ body: () async throws -> T) async throws -> T {
        for _ in 1..<5 {
            do { return try await body() } catch let error as LinkStoreError where error.code == .unavailable {
                continue
            }
        }
        return try await body()
    }

    @Test("every insert, update and delete made through another store is announced to followers")
    func changeFeed() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            let follower = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let writer = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let (changes, continuation) = AsyncStream.makeStream(of: LinkChange.self)
            let following = Task { await follower.followLinkChanges { continuation.yield($0) } }
            var iterator = changes.makeAsyncIterator()
            #expect(await iterator.next() == .resynchronize)

            var link = LinkStoreConformanceTests.makeLink(slug: "watched")
            _ = try await writer.insertLink(link)
            #expect(await iterator.next() == .changed(tenant: "storyteller", slug: "watched"))
            link.content.destination = "https://stories.example.com/story/8"
            #expect(try await writer.updateLink(link))
            #expect(await iterator.next() == .changed(tenant: "storyteller", slug: "watched"))
            #expect(try await writer.deleteLink(tenant: "storyteller", slug: "watched"))
            #expect(await iterator.next() == .changed(tenant: "storyteller", slug: "watched"))
            // The follower's own writes are its caller's business; the next report is the writer's.
            _ = try await follower.insertLink(LinkStoreConformanceTests.makeLink(slug: "own"))
            _ = try await writer.insertLink(LinkStoreConformanceTests.makeLink(slug: "other"))
            #expect(await iterator.next() == .changed(tenant: "storyteller", slug: "other"))

            following.cancel()
            await following.value
            try await writer.close()
            try await follower.close()
        }
    }

    @Test("a key revocation made through another store is announced to followers")
    func keyRevocationFeed() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            let follower = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let writer = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let (_, record) = APIKey.make(tenant: "storyteller")
            try await writer.insertAPIKey(record)
            let (changes, continuation) = AsyncStream.makeStream(of: LinkChange.self)
            let following = Task { await follower.followLinkChanges { continuation.yield($0) } }
            var iterator = changes.makeAsyncIterator()
            #expect(await iterator.next() == .resynchronize)
            #expect(try await writer.revokeAPIKeys(prefix: record.prefix, at: Date()) == 1)
            #expect(await iterator.next() == .apiKeysRevoked(prefix: record.prefix))
            // Nothing revoked, nothing announced: the next report is the link's.
            #expect(try await writer.revokeAPIKeys(prefix: record.prefix, at: Date()) == 0)
            _ = try await writer.insertLink(LinkStoreConformanceTests.makeLink(slug: "after"))
            #expect(await iterator.next() == .changed(tenant: "storyteller", slug: "after"))
            following.cancel()
            await following.value
            try await writer.close()
            try await follower.close()
        }
    }

    @Test("stores in different schemas of one database see neither each other's links nor their changes")
    func schemasApart() async throws {
        try await PostgresTestDatabase.withSchema { first in
            try await PostgresTestDatabase.withSchema { second in
                let a = try await PostgresLinkStore.open(url: first.url)
                let b = try await PostgresLinkStore.open(url: second.url)
                let bWriter = try await PostgresLinkStore.open(url: second.url)
                let seen = Mutex<[LinkChange]>([])
                let (ready, readyContinuation) = AsyncStream.makeStream(of: Void.self)
                let following = Task {
                    await b.followLinkChanges { change in
                        seen.withLock { $0.append(change) }
                        if change == .resynchronize { readyContinuation.yield() }
                    }
                }
                for await _ in ready { break }
                _ = try await a.insertLink(LinkStoreConformanceTests.makeLink(slug: "mine"))
                // A change in b's schema after a's: once it arrives, a's would have arrived before it.
                _ = try await bWriter.insertLink(LinkStoreConformanceTests.makeLink(slug: "theirs"))
                let arrived = await eventually(within: .seconds(10)) {
                    seen.withLock { $0.contains(.changed(tenant: "storyteller", slug: "theirs")) }
                }
                #expect(arrived)
                #expect(seen.withLock { $0 } == [.resynchronize, .changed(tenant: "storyteller", slug: "theirs")])
                #expect(try await b.link(tenant: "storyteller", slug: "mine") == nil)
                following.cancel()
                await following.value
                try await a.close()
                try await b.close()
                try await bWriter.close()
            }
        }
    }
}
