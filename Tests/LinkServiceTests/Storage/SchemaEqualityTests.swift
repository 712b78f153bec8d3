import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import PostgresNIO
import SQLiteNIO
import Testing

/// The two migration lists describe one schema: the same tables, columns and indexes, by name.
@Suite("Schema equality", .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.skipNote))
struct SchemaEqualityTests {
    /// A schema by name: `table.column` for every column, `index table.name` for every index
    /// created by a migration (not those PostgreSQL makes for a key).
    typealias Names = Set<String>

    @Test("an empty SQLite file and an empty PostgreSQL schema migrate to the same tables, columns and indexes")
    func sameSchema() async throws {
        let sqlite = try await Self.sqliteSchema()
        let postgres = try await Self.postgresSchema()
        #expect(sqlite.subtracting(postgres).sorted() == [], "in SQLite only")
        #expect(postgres.subtracting(sqlite).sorted() == [], "in PostgreSQL only")
        #expect(sqlite.contains("links.slug"))
    }

    private static func sqliteSchema() async throws -> Names {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("schema.sqlite")
        try await SQLiteLinkStore.open(path: path).close()
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        do {
            var names = Names()
            let tables = try await connection.query(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
            for table in tables.compactMap({ $0.column("name")?.string }) {
                for column in try await connection.query("SELECT name FROM pragma_table_info(?)", [.text(table)]) {
                    names.insert(table + "." + (column.column("name")?.string ?? ""))
                }
            }
            let indexes = try await connection.query(
                "SELECT tbl_name, name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL")
            for index in indexes {
                names.insert(
                    "index \(index.column("tbl_name")?.string ?? "").\(index.column("name")?.string ?? "")")
            }
            try await connection.close()
            return names
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func postgresSchema() async throws -> Names {
        let schema = try await PostgresTestDatabase.makeSchema()
        do {
            try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions).close()
            let names = try await PostgresTestDatabase.withAdminConnection { connection in
                var names = Names()
                let columns = try await connection.query(
                    """
                    SELECT table_name::text, column_name::text FROM information_schema.columns
                    WHERE table_schema = \(schema.name)
                    """,
                    logger: PostgresTestDatabase.logger)
                for try await (table, column) in columns.decode((String, String).self) {
                    names.insert(table + "." + column)
                }
                let indexes = try await connection.query(
                    """
                    SELECT t.relname::text, i.relname::text FROM pg_index x
                    JOIN pg_class i ON i.oid = x.indexrelid
                    JOIN pg_class t ON t.oid = x.indrelid
                    JOIN pg_namespace n ON n.oid = t.relnamespace
                    WHERE n.nspname = \(schema.name)
                        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
                    """,
                    logger: PostgresTestDatabase.logger)
                for try await (table, index) in indexes.decode((String, String).self) {
                    names.insert("index \(table).\(index)")
                }
                return names
            }
            await schema.drop()
            return names
        } catch {
            await schema.drop()
            throw error
        }
    }
}
