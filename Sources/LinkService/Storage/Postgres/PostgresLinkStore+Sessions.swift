import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func insertSession(_ session: ConsoleSession) async throws {
        try await withConnection { [logger] connection in
            try await connection.query(
                """
                INSERT INTO console_sessions (id_hash, tenant, key_hash, csrf_token, created_at, last_used_at)
                VALUES (\(session.idHash), \(session.tenant), \(session.keyHash), \(session.csrfToken), \(session.createdAt.millisecondsSince1970), \(session.lastUsedAt.millisecondsSince1970))
                """,
                logger: logger)
        }
    }

    public func session(idHash: String) async throws -> ConsoleSession? {
        try await withConnection { [logger] connection in
            try await connection.query("SELECT * FROM console_sessions WHERE id_hash = \(idHash)", logger: logger)
                .collect().first.map { row in
                    let row = row.makeRandomAccess()
                    return ConsoleSession(
                        idHash: try row["id_hash"].decode(String.self), tenant: try row["tenant"].decode(String.self),
                        keyHash: try row["key_hash"].decode(String.self),
                        csrfToken: try row["csrf_token"].decode(String.self),
                        createdAt: Date(millisecondsSince1970: try row["created_at"].decode(Int.self)),
                        lastUsedAt: Date(millisecondsSince1970: try row["last_used_at"].decode(Int.self)))
                }
        }
    }

    public func touchSession(idHash: String, at date: Date) async throws {
        try await withConnection { [logger] connection in
            try await connection.query(
                """
                UPDATE console_sessions SET last_used_at = GREATEST(last_used_at, \(date.millisecondsSince1970))
                WHERE id_hash = \(idHash)
                """,
                logger: logger)
        }
    }

    public func deleteSession(idHash: String) async throws -> Bool {
        try await withConnection { [logger] connection in
            !(try await connection.query(
                "DELETE FROM console_sessions WHERE id_hash = \(idHash) RETURNING id_hash", logger: logger
            ).collect().isEmpty)
        }
    }

    public func deleteSessions(lastUsedBefore date: Date) async throws -> Int {
        try await withConnection { [logger] connection in
            try await connection.query(
                "DELETE FROM console_sessions WHERE last_used_at < \(date.millisecondsSince1970) RETURNING id_hash",
                logger: logger
            ).collect().count
        }
    }
}
