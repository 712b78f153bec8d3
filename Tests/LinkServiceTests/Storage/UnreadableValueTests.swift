import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import PostgresNIO
import SQLiteNIO
import Testing

/// A stored value that is not what wayfinder writes in its column (changed by hand, damaged) is
/// reported alike by both SQL stores: a typed error naming the table, the column and the row,
/// never a made-up `""` or `0`.
@Suite("Unreadable stored values")
struct UnreadableValueTests {
    static let expected = LinkStoreError.unreadableValue(
        table: "links", column: "created_at", key: "tenant \"storyteller\", slug \"damaged\"")

    @Test("SQLite: a link whose created_at holds text is an unreadable-value error naming it")
    func sqlite() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("damaged.sqlite")
        let store = try await SQLiteLinkStore.open(path: path)
        _ = try await store.insertLink(LinkStoreConformanceTests.makeLink(slug: "damaged"))
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        _ = try await connection.query("UPDATE links SET created_at = 'yesterday' WHERE slug = 'damaged'")
        try await connection.close()
        await #expect(throws: Self.expected) { try await store.link(tenant: "storyteller", slug: "damaged") }
        await #expect(throws: Self.expected) { try await store.links(tenant: "storyteller", after: nil, limit: 10) }
        try await store.close()
    }

    @Test(
        "PostgreSQL: a link whose created_at holds text is an unreadable-value error naming it",
        .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.skipNote))
    func postgres() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            let store = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            _ = try await store.insertLink(LinkStoreConformanceTests.makeLink(slug: "damaged"))
            try await PostgresTestDatabase.withAdminConnection { connection in
                for statement in [
                    "ALTER TABLE \(schema.name).links ALTER COLUMN created_at TYPE text",
                    "UPDATE \(schema.name).links SET created_at = 'yesterday' WHERE slug = 'damaged'",
                ] {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: PostgresTestDatabase.logger)
                }
            }
            await #expect(throws: Self.expected) { try await store.link(tenant: "storyteller", slug: "damaged") }
            await #expect(throws: Self.expected) { try await store.links(tenant: "storyteller", after: nil, limit: 10) }
            try await store.close()
        }
    }
}
