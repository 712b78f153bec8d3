import LinkCore
import Logging

/// An open link database: what a ``LinkServer`` stores its links, keys and clicks in.
///
/// Open one from a ``DatabaseURL`` (which also brings its schema up to date), hand it to the
/// server, and close it once the server has returned:
///
/// ```swift
/// let database = try await LinkDatabase.open(.sqlite(path: "wayfinder.sqlite"))
/// let server = try LinkServer(manifests: [manifest], database: database)
/// try await server.run()   // until SIGTERM/SIGINT; then pending clicks are written
/// try await database.close()
/// ```
///
/// The stores themselves (SQLite, PostgreSQL, memory) and their records stay inside the package:
/// their schema and migrations are Wayfinder's own, so a database is opened, not implemented.
public struct LinkDatabase: Sendable {
    package let store: any LinkStore

    package init(store: any LinkStore) {
        self.store = store
    }

    /// Opens the database `url` names, creating it and migrating its schema as needed; a
    /// PostgreSQL database's connection pool follows `postgres`.
    public static func open(
        _ url: DatabaseURL, postgres: PostgresPoolOptions = PostgresPoolOptions(),
        logger: Logger = Logger(label: "wayfinder.store")
    ) async throws -> LinkDatabase {
        LinkDatabase(store: try await url.openStore(postgres: postgres, logger: logger))
    }

    /// Writes what is pending and closes the database's connections.
    public func close() async throws {
        try await store.close()
    }
}
