import Foundation
import LinkCore
import Logging
import SQLiteNIO

extension SQLiteLinkStore {
    /// What ``SQLiteLinkStore/backup(from:to:logger:)`` made.
    public struct Backup: Sendable, Hashable {
        /// The copy's size in bytes.
        public var bytes: Int
        /// The schema version of the copy (the source's).
        public var schemaVersion: Int
    }

    /// Copies the SQLite database at `source` into a new file `destination`: a consistent
    /// snapshot (`VACUUM INTO`, one read transaction), taken while servers keep reading and
    /// writing the source, which is neither migrated nor changed.
    ///
    /// The copy is created readable by its owner only (`0600`), checked with
    /// `PRAGMA integrity_check`, and opens like any database of this version (restore it by
    /// stopping the server and putting the copy in the database's place, without the old `-wal`
    /// and `-shm` files). Throws ``LinkStoreError/unavailable(_:)`` when `source` is not there
    /// or `destination` already holds data, ``LinkStoreError/database(_:)`` when SQLite refuses.
    public static func backup(
        from source: String, to destination: String, logger: Logger = Logger(label: "wayfinder.backup")
    )
        async throws -> Backup
    {
        guard FileManager.default.fileExists(atPath: source) else {
            throw LinkStoreError.unavailable("there is no database file at \(source)")
        }
        if let size = (try? FileManager.default.attributesOfItem(atPath: destination))?[.size] as? Int, size > 0 {
            throw LinkStoreError.unavailable("\(destination) already exists and is not empty; back up into a new file")
        }
        try createPrivately(path: destination)
        let connection = try await SQLiteConnection.open(storage: .file(path: source), logger: logger)
        do {
            _ = try await connection.query("PRAGMA busy_timeout=5000")
            _ = try await connection.query("VACUUM INTO ?", [.text(destination)])
            try await connection.close()
        } catch {
            try? await connection.close()
            try? FileManager.default.removeItem(atPath: destination)
            throw LinkStoreError.database("backup of \(source) into \(destination) failed: \(error)")
        }
        let copy = try await SQLiteConnection.open(storage: .file(path: destination), logger: logger)
        do {
            let check = try await copy.query("PRAGMA integrity_check").first?.column("integrity_check")?.string
            guard check == "ok" else {
                throw LinkStoreError.database(
                    "the copy \(destination) fails SQLite's integrity check: \(check ?? "no answer")")
            }
            let version =
                try await copy.query("SELECT MAX(version) AS version FROM schema_migrations").first?.column("version")?
                .integer ?? 0
            try await copy.close()
            let bytes = (try? FileManager.default.attributesOfItem(atPath: destination))?[.size] as? Int ?? 0
            return Backup(bytes: bytes, schemaVersion: version)
        } catch {
            try? await copy.close()
            throw error
        }
    }
}
