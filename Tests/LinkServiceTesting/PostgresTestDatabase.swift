import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import PostgresNIO
import Synchronization
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

    /// How many schemas may be in use at once. Each test's schema migrates some forty statements
    /// and opens a pool; a hundred of them at once on two cores left queries waiting past their
    /// limit, so tests take turns in groups of this size (the others wait before their clock
    /// starts: a store is opened only once its schema is made).
    package static let schemasAtOnce = 6

    private static let schemaPermits = AsyncSemaphore(limit: schemasAtOnce)

    /// A fresh schema's name and the URL that puts a store in it.
    package struct Schema: Sendable {
        package let name: String
        package let url: String
        fileprivate let permit: Permit

        /// Drops the schema and everything in it, and lets the next test have its turn.
        package func drop() async {
            _ = try? await PostgresTestDatabase.withAdminConnection { connection in
                try await connection.query(
                    PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(name) CASCADE"),
                    logger: PostgresTestDatabase.logger)
            }
            permit.release()
        }
    }

    /// A schema's turn, handed back once however often its schema is dropped.
    fileprivate final class Permit: Sendable {
        private let held = Mutex(true)

        func release() {
            let wasHeld = held.withLock { held in
                defer { held = false }
                return held
            }
            if wasHeld {
                PostgresTestDatabase.schemaPermits.release()
            }
        }
    }

    package static let logger = Logger(label: "wayfinder.tests.postgres")

    /// A new, unique schema (the store creates it when it migrates), once it is this test's turn
    /// (see ``schemasAtOnce``). Drop it when done, also on failure: that ends the turn.
    package static func makeSchema() async throws -> Schema {
        let base = try #require(url, "WAYFINDER_TEST_POSTGRES_URL is not set")
        await schemaPermits.acquire()
        let name = "test_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
        return Schema(name: name, url: base + (base.contains("?") ? "&" : "?") + "schema=" + name, permit: Permit())
    }

    /// Runs `body` with a fresh schema and drops it afterwards, even when `body` throws.
    package static func withSchema(_ body: (Schema) async throws -> Void) async throws {
        let schema = try await makeSchema()
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
