import Foundation
import LinkCore

extension SQLStore {
    package func appendAudit(_ entry: AuditEntry) async throws {
        try await write(.statements) { session in try await session.run(Self.insert(entry, as: StoredRows.audit)) }
    }

    package func auditEntries(tenant: String, query: AuditQuery, before: Int?, limit: Int) async throws
        -> [AuditEntry]
    {
        let row = StoredRows.audit
        var statement: SQLStatement = "SELECT id, \(raw: row.columnList) FROM audit_events WHERE tenant = \(tenant)"
        if let before { statement.append(" AND id < \(before)") }
        if let actor = query.actor { statement.append(" AND actor = \(actor)") }
        if let target = query.target { statement.append(" AND target = \(target)") }
        if let since = query.since { statement.append(" AND time >= \(since)") }
        statement.append(" ORDER BY id DESC LIMIT \(max(0, limit))")
        return try await read(statement).map { sqlRow in
            var entry = try row.record(from: sqlRow)
            entry.id = try RowReader(row: sqlRow, table: row.table, key: row.key).read("id")
            return entry
        }
    }

    package func pruneAudit(before date: Date) async throws -> Int {
        try await write(.statements) { session in
            try await session.run("DELETE FROM audit_events WHERE time < \(date) RETURNING id").count
        }
    }
}
