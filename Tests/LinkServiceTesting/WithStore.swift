import LinkCore
import LinkDelivery
import LinkService
import LinkStorage

/// Runs `body` with the store `open` makes and closes the store afterwards, also when `body`
/// throws: a store dropped open fails later and far from the cause (an SQLite store trips
/// SQLiteNIO's assertion and stops the whole test process).
package func withStore<Store: LinkStore, T>(
    opening open: () async throws -> Store, _ body: (Store) async throws -> T
) async throws -> T {
    let store = try await open()
    let result: T
    do {
        result = try await body(store)
    } catch {
        try? await store.close()
        throw error
    }
    try await store.close()
    return result
}

extension SQLiteLinkStore {
    /// ``withStore(opening:_:)`` with the SQLite store at `path`.
    package static func withStore<T>(path: String, _ body: (SQLiteLinkStore) async throws -> T) async throws -> T {
        try await LinkServiceTesting.withStore(opening: { try await SQLiteLinkStore.open(path: path) }, body)
    }
}
