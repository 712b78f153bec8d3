import Logging

extension DatabaseURL {
    /// Opens the store this URL names and brings its schema up to date.
    public func openStore(logger: Logger = Logger(label: "wayfinder.store")) async throws -> any LinkStore {
        switch self {
        case .sqlite(let path):
            return try await SQLiteLinkStore.open(path: path, logger: logger)
        case .postgres(let url):
            return try await PostgresLinkStore.open(url: url, logger: logger)
        case .memory:
            return MemoryLinkStore()
        }
    }
}
