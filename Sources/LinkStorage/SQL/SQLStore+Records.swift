import Foundation
import LinkCore

// API keys and console sessions: a row each, found by a hash.
extension SQLStore {
    /// `INSERT INTO table (columns) VALUES (values)`.
    package static func insert<Record>(_ record: Record, as row: RowDescription<Record>) -> SQLStatement {
        var statement: SQLStatement = "INSERT INTO \(raw: row.table) (\(raw: row.columnList)) VALUES "
        statement.append(rows: [record], values: row.values(of:))
        return statement
    }

    /// `UPDATE table SET c = v, … WHERE k = v AND … RETURNING returning`: every column but the
    /// identity, of the row `key` names.
    package static func update<Record>(
        _ record: Record, as row: RowDescription<Record>, where key: [(column: String, value: SQLValue)],
        returning: String
    ) -> SQLStatement {
        var statement: SQLStatement = "UPDATE \(raw: row.table) SET "
        for (index, column) in row.changeableColumns.enumerated() {
            statement.append(raw: (index == 0 ? "" : ", ") + column.name + " = ")
            statement.append(column.value(record))
        }
        for (index, part) in key.enumerated() {
            statement.append(raw: (index == 0 ? " WHERE " : " AND ") + part.column + " = ")
            statement.append(part.value)
        }
        statement.append(raw: " RETURNING " + returning)
        return statement
    }

    package func insertAPIKey(_ key: APIKeyRecord) async throws {
        try await write(.statements) { session in try await session.run(Self.insert(key, as: StoredRows.apiKey)) }
    }

    package func apiKey(hash: String) async throws -> APIKeyRecord? {
        let row = StoredRows.apiKey
        return try await read("SELECT \(raw: row.columnList) FROM api_keys WHERE hash = \(hash)").first.map(
            row.record(from:))
    }

    package func apiKeys(tenant: String?) async throws -> [APIKeyRecord] {
        let row = StoredRows.apiKey
        let rows =
            if let tenant {
                try await read(
                    "SELECT \(raw: row.columnList) FROM api_keys WHERE tenant = \(tenant) ORDER BY created_at, prefix")
            } else {
                try await read("SELECT \(raw: row.columnList) FROM api_keys ORDER BY created_at, prefix")
            }
        return try rows.map(row.record(from:))
    }

    package func touchAPIKey(hash: String, at date: Date) async throws {
        try await write(.statements) { session in
            try await session.run("UPDATE api_keys SET last_used_at = \(date) WHERE hash = \(hash)")
        }
    }

    package func revokeAPIKeys(prefix: String, at date: Date) async throws -> Int {
        try await write(.transaction) { session in
            let revoked = try await session.run(
                "UPDATE api_keys SET revoked_at = \(date) WHERE prefix = \(prefix) AND revoked_at IS NULL RETURNING hash"
            ).count
            if revoked > 0, let announcement = session.dialect.keyRevocationAnnouncement(prefix: prefix) {
                try await session.run(announcement)
            }
            return revoked
        }
    }

    package func insertSession(_ session: ConsoleSession) async throws {
        try await write(.statements) { connection in
            try await connection.run(Self.insert(session, as: StoredRows.session))
        }
    }

    package func session(idHash: String) async throws -> ConsoleSession? {
        let row = StoredRows.session
        return try await read("SELECT \(raw: row.columnList) FROM console_sessions WHERE id_hash = \(idHash)").first
            .map(row.record(from:))
    }

    package func touchSession(idHash: String, at date: Date) async throws {
        let greatest = dialect.greatest
        try await write(.statements) { session in
            try await session.run(
                """
                UPDATE console_sessions SET last_used_at = \(raw: greatest)(last_used_at, \(date))
                WHERE id_hash = \(idHash)
                """)
        }
    }

    package func deleteSession(idHash: String) async throws -> Bool {
        try await write(.statements) { session in
            try await !session.run("DELETE FROM console_sessions WHERE id_hash = \(idHash) RETURNING id_hash").isEmpty
        }
    }

    package func deleteSessions(lastUsedBefore date: Date) async throws -> Int {
        try await write(.statements) { session in
            try await session.run("DELETE FROM console_sessions WHERE last_used_at < \(date) RETURNING id_hash").count
        }
    }
}
