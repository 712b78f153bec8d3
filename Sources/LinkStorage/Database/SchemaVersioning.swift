import LinkCore

/// A store with a versioned schema (SQLite, PostgreSQL): what `/readyz` asks to know whether the
/// database answers and every migration of this build has run.
package protocol SchemaVersioning: LinkStore {
    /// The schema version this build migrates to.
    static var latestSchemaVersion: Int { get }

    /// The schema version the database is at (a query: it fails when the database does not answer).
    func schemaVersion() async throws -> Int
}

extension SQLiteLinkStore: SchemaVersioning {}

extension PostgresLinkStore: SchemaVersioning {}
