import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import PostgresNIO
import Testing

/// The PostgreSQL server the tests may use: `WAYFINDER_TEST_POSTGRES_URL`
/// (`Scripts/test-postgres start` prints one). Each test gets a schema of its own, dropped
/// afterwards, so tests run in parallel on one database.
package enum PostgresTestDatabase {
    package static let skipNote: Comment =
        "PostgreSQL tests skipped: WAYFINDER_TEST_POSTGRES_URL is not set (export WAYFINDER_TEST_POSTGRES_URL=\"$(Scripts/test-postgres start)\" to run them)"

    package static let url: String? = {
        let value = ProcessInfo.processInfo.environment["WAYFINDER_TEST_POSTGRES_URL"] ?? ""
        if value.isEmpty {
            print("note: \(skipNote.rawValue)")
            return nil
        }
        return value
    }()

    package static var isConfigured: Bool { url != nil }

    /// Store options for tests that are not about time limits: dozens of schemas migrate at once
    /// while the rest of the suite keeps both cores busy, so a query may wait far longer than a
    /// production request should (the outage tests set their own limits).
    package static let storeOptions = PostgresLinkStore.Options(
        queryTimeout: .seconds(15), connectTimeout: .seconds(15))

    /// A fresh schema's name and the URL that puts a store in it.
    package struct Schema: Sendable {
        package let name: String
        package let url: String

        /// Drops the schema and everything in it.
        package func drop() async {
            _ = try? await PostgresTestDatabase.withAdminConnection { connection in
                try await connection.query(
                    PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(name) CASCADE"),
                    logger: PostgresTestDatabase.logger)
            }
        }
    }

    package static let logger = Logger(label: "wayfinder.tests.postgres")

    /// A new, unique schema (the store creates it when it migrates).
    package static func makeSchema() throws -> Schema {
        let base = try #require(url, "WAYFINDER_TEST_POSTGRES_URL is not set")
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return Schema(name: name, url: base + (base.contains("?") ? "&" : "?") + "schema=" + name)
    }

    /// Runs `body` with a fresh schema and drops it afterwards, even when `body` throws.
    package static func withSchema(_ body: (Schema) async throws -> Void) async throws {
        let schema = try makeSchema()
        do {
            try await body(schema)
            await schema.drop()
        } catch {
            await schema.drop()
            throw error
        }
    }

    /// A direct connection to the test database, outside any store.
    @discardableResult
    package static func withAdminConnection<T>(_ body: (PostgresConnection) async throws -> T) async throws -> T {
        let base = try #require(url, "WAYFINDER_TEST_POSTGRES_URL is not set")
        let connection = try await PostgresConnection.connect(
            configuration: try PostgresConnectionURL(parsing: base).connectionConfiguration(), id: 1, logger: logger)
        do {
            let value = try await body(connection)
            try await connection.close()
            return value
        } catch {
            try? await connection.close()
            throw error
        }
    }
}
