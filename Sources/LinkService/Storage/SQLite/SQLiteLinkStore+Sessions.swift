import Foundation
import SQLiteNIO

extension SQLiteLinkStore {
    public func insertSession(_ session: ConsoleSession) async throws {
        try await write { writer in
            _ = try await writer.query(
                """
                INSERT INTO console_sessions (id_hash, tenant, key_hash, csrf_token, created_at, last_used_at)
                VALUES (?, ?, ?, ?, ?, ?)
                """,
                [
                    .text(session.idHash), .text(session.tenant), .text(session.keyHash), .text(session.csrfToken),
                    .integer(session.createdAt.millisecondsSince1970),
                    .integer(session.lastUsedAt.millisecondsSince1970),
                ])
        }
    }

    public func session(idHash: String) async throws -> ConsoleSession? {
        try await read("SELECT * FROM console_sessions WHERE id_hash = ?", [.text(idHash)]).first.map { row in
            ConsoleSession(
                idHash: row.column("id_hash")?.string ?? "", tenant: row.column("tenant")?.string ?? "",
                keyHash: row.column("key_hash")?.string ?? "", csrfToken: row.column("csrf_token")?.string ?? "",
                createdAt: Date(millisecondsSince1970: row.column("created_at")?.integer ?? 0),
                lastUsedAt: Date(millisecondsSince1970: row.column("last_used_at")?.integer ?? 0))
        }
    }

    public func touchSession(idHash: String, at date: Date) async throws {
        try await write { writer in
            _ = try await writer.query(
                "UPDATE console_sessions SET last_used_at = MAX(last_used_at, ?) WHERE id_hash = ?",
                [.integer(date.millisecondsSince1970), .text(idHash)])
        }
    }

    public func deleteSession(idHash: String) async throws -> Bool {
        try await write { writer in
            !(try await writer.query(
                "DELETE FROM console_sessions WHERE id_hash = ? RETURNING id_hash", [.text(idHash)]
            )
            .isEmpty)
        }
    }

    public func deleteSessions(lastUsedBefore date: Date) async throws -> Int {
        try await write { writer in
            try await writer.query(
                "DELETE FROM console_sessions WHERE last_used_at < ? RETURNING id_hash",
                [.integer(date.millisecondsSince1970)]
            ).count
        }
    }
}
