import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// Makes empty stores for the shared ``LinkStoreConformanceTests``: every `LinkStore`
/// implementation adds itself to ``all`` and the whole suite runs against it.
struct LinkStoreFactory: Sendable, CustomTestStringConvertible {
    let name: String
    /// Opens an empty store and returns it with what removes it afterwards.
    let make: @Sendable () async throws -> (store: any LinkStore, cleanup: @Sendable () async -> Void)

    var testDescription: String { name }

    static let sqlite = LinkStoreFactory(name: "SQLite") {
        let directory = try TemporaryDirectory()
        let store: SQLiteLinkStore
        do {
            store = try await SQLiteLinkStore.open(path: directory.path("links.sqlite"))
        } catch {
            directory.remove()
            throw error
        }
        return (
            store,
            {
                try? await store.close()
                directory.remove()
            }
        )
    }

    /// A store in this process's memory: nothing to remove afterwards.
    static let memory = LinkStoreFactory(name: "memory") {
        (MemoryLinkStore(), {})
    }

    /// A store in a schema of its own on the test server, dropped afterwards.
    static let postgres = LinkStoreFactory(name: "PostgreSQL") {
        let schema = try await PostgresTestDatabase.makeSchema()
        let store: PostgresLinkStore
        do {
            store = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
        } catch {
            await schema.drop()
            throw error
        }
        return (
            store,
            {
                try? await store.close()
                await schema.drop()
            }
        )
    }

    /// Every store the conformance suite runs against: PostgreSQL only when
    /// `WAYFINDER_TEST_POSTGRES_URL` names a server (see ``PostgresTestDatabase``).
    static var all: [LinkStoreFactory] {
        PostgresTestDatabase.isConfigured ? [.sqlite, .memory, .postgres] : [.sqlite, .memory]
    }

    /// Runs `body` with a fresh store and removes the store afterwards, even when `body` throws.
    func withStore(_ body: (any LinkStore) async throws -> Void) async throws {
        let (store, cleanup) = try await make()
        do {
            try await body(store)
        } catch {
            await cleanup()
            throw error
        }
        await cleanup()
    }
}
