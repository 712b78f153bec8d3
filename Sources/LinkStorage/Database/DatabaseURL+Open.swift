import LinkCore
import Logging

extension DatabaseURL {
    /// Opens the store this URL names and brings its schema up to date; a PostgreSQL store's pool
    /// follows `postgres`.
    package func openStore(
        postgres: PostgresPoolOptions = PostgresPoolOptions(),
        logger: Logger = Logger(label: "wayfinder.store")
    ) async throws -> any LinkStore {
        switch self {
        case .sqlite(let path):
            return try await SQLiteLinkStore.open(path: path, logger: logger)
        case .postgres(let url):
            return try await PostgresLinkStore.open(url: url, options: postgres, logger: logger)
        case .memory:
            return MemoryLinkStore()
        }
    }
}
