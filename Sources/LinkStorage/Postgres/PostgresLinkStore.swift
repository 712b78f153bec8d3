import Foundation
import LinkCore
import Logging
import PostgresNIO

/// The store for several server instances: one PostgreSQL database behind a pool of connections.
///
/// Open it with ``open(url:options:logger:)``, which checks the URL, connects once (so a wrong
/// password or a missing database is reported at start-up, not retried forever), runs the
/// migrations under an advisory lock (instances starting together migrate one after the other)
/// and starts the pool. Every call answers within ``Options/queryTimeout``: while the database is
/// away, calls throw ``LinkStoreError/unavailable(_:)`` instead of hanging, and the pool
/// reconnects by itself when it is back. Writes are committed before a call returns. Link
/// changes, whoever makes them, are announced with `NOTIFY`; ``followLinkChanges(_:)`` listens.
package final class PostgresLinkStore: LinkStore {
    package let client: PostgresClient
    package let url: PostgresConnectionURL
    package let options: Options
    package let logger: Logger
    /// Names this store's connections (the `wayfinder.writer` setting), so that its own link
    /// changes can be told apart from other instances' in the change feed.
    package let writerID: String
    private let runner: Task<Void, Never>

    /// How this store's pooled connections appear in PostgreSQL's `pg_stat_activity`
    /// (`application_name`): `wayfinder` and the instance's ID, so that each instance's
    /// connections can be told apart.
    package var applicationName: String { Self.applicationName(writerID: writerID) }

    private static func applicationName(writerID: String) -> String { "wayfinder " + writerID }

    private init(url: PostgresConnectionURL, options: Options, logger: Logger) {
        let writerID = UUID().uuidString.lowercased()
        self.writerID = writerID
        var configuration = url.clientConfiguration()
        configuration.options.connectTimeout = options.connectTimeout
        configuration.options.maximumConnections = options.maximumConnections
        configuration.options.minimumConnections = min(options.minimumConnections, options.maximumConnections)
        configuration.options.connectionIdleTimeout = options.idleTimeout
        configuration.options.keepAliveBehavior = options.keepAliveInterval.map { .init(frequency: $0) }
        configuration.options.additionalStartupParameters.append(("wayfinder.writer", writerID))
        configuration.options.additionalStartupParameters.append(
            ("application_name", Self.applicationName(writerID: writerID)))
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.url = url
        self.options = options
        self.logger = logger
        self.runner = Task { await client.run() }
    }

    /// Connects to the database `url` names (`postgres://USER:PASSWORD@HOST:PORT/DATABASE`, see
    /// ``PostgresConnectionURL``) and brings its schema up to date.
    package static func open(
        url text: String, options: Options = Options(), logger: Logger = Logger(label: "wayfinder.postgres")
    ) async throws -> PostgresLinkStore {
        let url = try PostgresConnectionURL(parsing: text)
        let connection: PostgresConnection
        do {
            connection = try await TimeLimit.run(
                options.connectTimeout, timeoutError: { Self.noAnswer(url, within: options.connectTimeout) }
            ) { _ in
                try await PostgresConnection.connect(
                    configuration: url.connectionConfiguration(), id: 0, logger: logger)
            }
        } catch {
            throw translate(error, url: url)
        }
        do {
            try await migrate(on: connection, schema: url.schema, logger: logger)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw translate(error, url: url)
        }
        return PostgresLinkStore(url: url, options: options, logger: logger)
    }

    package func close() async throws {
        runner.cancel()
        await runner.value
    }

    // MARK: Migrations

    package func migrate() async throws {
        // Waiting for another instance's migration can take long: only the lease is limited. At
        // start-up the lease usually opens the pool's first connection, so it gets the time a
        // connection may take rather than the time a request may wait.
        let lease = max(options.queryTimeout, options.connectTimeout)
        try await withConnection(scope: .untilStarted, limit: lease) { [url, logger] connection in
            try await Self.migrate(on: connection, schema: url.schema, logger: logger)
        }
    }

    /// The schema version this build migrates to.
    package static var latestSchemaVersion: Int { PostgresMigrations.latestVersion }

    /// The schema version the database is at.
    package func schemaVersion() async throws -> Int {
        try await withConnection { connection in
            try await connection.query(
                "SELECT COALESCE(MAX(version), 0)::bigint FROM schema_migrations", logger: self.logger
            )
            .collect().first?.decode(Int.self) ?? 0
        }
    }

    private static func migrate(on connection: PostgresConnection, schema: String, logger: Logger) async throws {
        try await transaction(connection, logger: logger) {
            // Instances that start together queue here; each later one then finds nothing to do.
            _ = try await connection.statement(
                "SELECT pg_advisory_xact_lock(hashtext(\("wayfinder.migrations." + schema)))", logger: logger)
            if schema != "public" {
                // A plain identifier (checked when the URL was parsed), safe unquoted.
                _ = try await connection.statement(
                    PostgresQuery(unsafeSQL: "CREATE SCHEMA IF NOT EXISTS \(schema)"), logger: logger)
                _ = try await connection.statement(
                    PostgresQuery(unsafeSQL: "SET LOCAL search_path TO \(schema)"), logger: logger)
            }
            _ = try await connection.statement(
                "CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, applied_at bigint NOT NULL)",
                logger: logger)
            let current =
                try await connection.statement(
                    "SELECT COALESCE(MAX(version), 0)::bigint FROM schema_migrations", logger: logger
                )
                .first?.decode(Int.self) ?? 0
            guard current <= PostgresMigrations.latestVersion else {
                throw LinkStoreError.schemaTooNew(found: current, known: PostgresMigrations.latestVersion)
            }
            for migration in PostgresMigrations.all where migration.version > current {
                for statement in migration.statements {
                    _ = try await connection.statement(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                _ = try await connection.statement(
                    "INSERT INTO schema_migrations (version, applied_at) VALUES (\(migration.version), \(Date().millisecondsSince1970))",
                    logger: logger)
                logger.info("database migrated", metadata: ["version": "\(migration.version)", "schema": "\(schema)"])
            }
        }
    }

    // MARK: Connections

    /// Runs `body` on a pooled connection, within `limit` (``Options/queryTimeout`` unless given;
    /// all of it, or only the wait for a connection); database errors come out as
    /// ``LinkStoreError``.
    @discardableResult
    package func withConnection<T: Sendable>(
        scope: TimeLimit.Scope = .whole, limit: Duration? = nil,
        _ body: @escaping @Sendable (PostgresConnection) async throws -> T
    ) async throws -> T {
        let limit = limit ?? options.queryTimeout
        do {
            return try await TimeLimit.run(
                limit, scope: scope, timeoutError: { [url] in Self.noAnswer(url, within: limit) }
            ) { [client] started in
                try await client.withConnection { connection in
                    try started()
                    return try await body(connection)
                }
            }
        } catch {
            throw Self.translate(error, url: url)
        }
    }

    /// Runs `body` in a transaction on `connection`: committed when it returns, rolled back when
    /// it throws (and its error is the one thrown).
    package static func transaction<T>(_ connection: PostgresConnection, logger: Logger, _ body: () async throws -> T)
        async throws -> T
    {
        _ = try await connection.statement("BEGIN", logger: logger)
        do {
            let value = try await body()
            // A caller told that its time was up must not find the work done after all.
            try Task.checkCancellation()
            _ = try await connection.statement("COMMIT", logger: logger)
            return value
        } catch {
            // On a connection the server closed the transaction is over already; the statement
            // fails at once instead of waiting forever (see `statement`).
            _ = try? await connection.statement("ROLLBACK", logger: logger)
            throw error
        }
    }

    private static func noAnswer(_ url: PostgresConnectionURL, within limit: Duration) -> LinkStoreError {
        .unavailable("no answer from \(url) within \(limit)")
    }

    /// A ``LinkStoreError``: `unavailable` when the server cannot be reached or is going away
    /// (connection errors, SQLSTATE classes 08 and 57), `database` with the server's message otherwise.
    package static func translate(_ error: any Error, url: PostgresConnectionURL) -> any Error {
        switch error {
        case is LinkStoreError, is CancellationError:
            return error
        case let error as PSQLError:
            if error.code == .server, let state = error.serverInfo?[.sqlState] {
                let message = error.serverInfo?[.message] ?? "SQLSTATE \(state)"
                if state.hasPrefix("08") || state.hasPrefix("57") {
                    return LinkStoreError.unavailable("\(url): \(message)")
                }
                return LinkStoreError.database(message)
            }
            let cause = error.underlying.map { "\($0)" } ?? "\(error.code)"
            return LinkStoreError.unavailable("cannot reach \(url): \(cause)")
        default:
            return LinkStoreError.unavailable("cannot reach \(url): \(error)")
        }
    }
}
