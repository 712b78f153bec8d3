import Foundation
import LinkCore

// The outbox, its leases and the daily secrets (schema version 9).
extension SQLStore {
    package func insertClicks(_ clicks: [Click], clickEventLimit: Int, queueing entries: OutboxAppend) async throws
        -> (events: ClickBatchOutcome, dropped: Int)
    {
        let append: @Sendable (SQLSession) async throws -> Int = { session in
            try await Self.append(entries, on: session)
        }
        if clicks.isEmpty {
            return (ClickBatchOutcome(), try await write(.batch(rows: entries.payloads.count), append))
        }
        let stored = try await insertClicks(clicks, clickEventLimit: clickEventLimit, then: append)
        return (stored.events, stored.appended)
    }

    package func insertEvents(
        _ events: [AppEvent], queueing entries: @escaping @Sendable ([AppEvent]) -> OutboxAppend
    ) async throws -> Int {
        try await insertEvents(events) { session, stored in try await Self.append(entries(stored), on: session) }
    }

    /// Appends the entries, then deletes what is past the topic's bound; how many were deleted.
    private static func append(_ entries: OutboxAppend, on session: SQLSession) async throws -> Int {
        guard !entries.payloads.isEmpty else { return 0 }
        let rowsPerStatement = session.dialect.rowsPerStatement
        for chunk in entries.payloads.chunks(of: rowsPerStatement) {
            var statement: SQLStatement = "INSERT INTO outbox (topic, payload, lines, created_at) VALUES "
            statement.append(rows: chunk) {
                [.text(entries.topic), .text($0.text), .integer($0.lines), SQLValue(entries.createdAt)]
            }
            try await session.run(statement)
        }
        // The bound, by id through the topic's index: entries older than the newest `limit` ids.
        // Ids are shared with other topics, so this keeps at most `limit` entries (fewer when
        // other topics appended in between), never more.
        let dropped = try await session.run(
            """
            DELETE FROM outbox WHERE topic = \(entries.topic) AND id <= (
                SELECT MAX(id) FROM outbox WHERE topic = \(entries.topic)) - \(entries.limit)
            RETURNING lines
            """)
        return try dropped.reduce(0) { $0 + (try RowReader(row: $1, table: "outbox", key: []).read("lines") as Int) }
    }

    package func outboxEntries(topic: String, limit: Int) async throws -> [OutboxEntry] {
        try await read("SELECT id, payload, lines FROM outbox WHERE topic = \(topic) ORDER BY id LIMIT \(limit)").map {
            let row = RowReader(row: $0, table: "outbox", key: ["id"])
            return OutboxEntry(
                id: try row.read("id"),
                payload: OutboxPayload(text: try row.read("payload"), lines: try row.read("lines")))
        }
    }

    package func deleteOutboxEntries(topic: String, ids: [Int]) async throws {
        guard !ids.isEmpty else { return }
        try await write(.transaction) { session in
            for chunk in ids.chunks(of: session.dialect.rowsPerStatement) {
                try await session.run(
                    "DELETE FROM outbox WHERE topic = \(topic) AND id IN \(valueList: chunk.map { .integer($0) })")
            }
        }
    }

    package func outboxDepth(topic: String) async throws -> Int {
        let rows = try await read("SELECT COALESCE(SUM(lines), 0) AS count FROM outbox WHERE topic = \(topic)")
        return try rows.first.map { try RowReader(row: $0, table: "outbox", key: []).read("count") } ?? 0
    }

    package func acquireOutboxLease(topic: String, holder: String, until: Date, now: Date) async throws -> Bool {
        try await write(.statements) { session in
            let rows = try await session.run(
                """
                INSERT INTO outbox_leases (topic, holder, expires_at) VALUES (\(topic), \(holder), \(until))
                ON CONFLICT (topic) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at
                WHERE outbox_leases.holder = excluded.holder OR outbox_leases.expires_at < \(now)
                RETURNING holder
                """)
            return !rows.isEmpty
        }
    }

    package func dailySecret(purpose: String, day: String, candidate: String, deletingBefore oldest: String)
        async throws -> String
    {
        try await write(.transaction) { session in
            try await session.run("DELETE FROM daily_secrets WHERE purpose = \(purpose) AND day < \(oldest)")
            try await session.run(
                """
                INSERT INTO daily_secrets (purpose, day, secret) VALUES (\(purpose), \(day), \(candidate))
                ON CONFLICT (purpose, day) DO NOTHING
                """)
            let rows = try await session.run(
                "SELECT secret FROM daily_secrets WHERE purpose = \(purpose) AND day = \(day)")
            guard let row = rows.first else { throw LinkStoreError.database("the daily secret was not stored") }
            return try RowReader(row: row, table: "daily_secrets", key: ["purpose", "day"]).read("secret")
        }
    }
}

extension SQLiteLinkStore: OutboxRecords {}
extension PostgresLinkStore: OutboxRecords {}
