import Foundation
import LinkCore

extension SQLStore {
    private static var endpointRow: RowDescription<WebhookEndpoint> { WebhookRows.endpoint }

    package func insertWebhookEndpoint(_ endpoint: WebhookEndpoint, limit: Int) async throws -> Bool {
        try await write(.transaction) { session in
            let rows = try await session.run(
                "SELECT COUNT(*) AS count FROM webhook_endpoints WHERE tenant = \(endpoint.tenant)")
            let count: Int = try rows.first.map { try Self.endpointRow.reader(of: $0).read("count") } ?? 0
            guard count < limit else { return false }
            try await session.run(Self.insert(endpoint, as: Self.endpointRow))
            return true
        }
    }

    package func webhookEndpoints(tenant: String) async throws -> [WebhookEndpoint] {
        try await read(
            """
            SELECT \(raw: Self.endpointRow.columnList) FROM webhook_endpoints WHERE tenant = \(tenant)
            ORDER BY created_at, id
            """
        ).map(Self.endpointRow.record(from:))
    }

    package func webhookEndpoint(tenant: String, id: String) async throws -> WebhookEndpoint? {
        try await read(
            "SELECT \(raw: Self.endpointRow.columnList) FROM webhook_endpoints WHERE tenant = \(tenant) AND id = \(id)"
        ).first.map(Self.endpointRow.record(from:))
    }

    package func updateWebhookEndpoint(_ endpoint: WebhookEndpoint) async throws -> Bool {
        let statement = Self.update(
            endpoint, as: Self.endpointRow, where: [("tenant", .text(endpoint.tenant)), ("id", .text(endpoint.id))],
            returning: "id")
        return try await write(.statements) { [statement] session in try await !session.run(statement).isEmpty }
    }

    package func deleteWebhookEndpoint(tenant: String, id: String) async throws -> Bool {
        try await write(.transaction) { session in
            let deleted = try await session.run(
                "DELETE FROM webhook_endpoints WHERE tenant = \(tenant) AND id = \(id) RETURNING id")
            guard !deleted.isEmpty else { return false }
            try await session.run("DELETE FROM webhook_messages WHERE endpoint_id = \(id)")
            try await session.run("DELETE FROM webhook_attempts WHERE endpoint_id = \(id)")
            return true
        }
    }

    package func enqueueWebhookEvent(_ event: WebhookEvent, endpointID: String?) async throws -> Int {
        try await write(.statements) { session in try await Self.enqueue(event, endpointID: endpointID, on: session) }
    }

    /// The tenants with an enabled endpoint that receives `type`, read on `session`: a batch
    /// asks once, and builds and queues its events only for those.
    package static func tenantsSubscribed(to type: WebhookEventType, on session: SQLSession) async throws -> Set<String>
    {
        let rows = try await session.run(
            """
            SELECT DISTINCT tenant FROM webhook_endpoints
            WHERE enabled = \(SQLValue.bool(true)) AND \(raw: session.dialect.position)(events, \(WebhookRows.eventMarker(type))) > 0
            """)
        return Set(try rows.map { try WebhookRows.endpoint.reader(of: $0).read("tenant") as String })
    }

    /// Queues `event` on `session` (inside the caller's transaction) for its tenant's enabled
    /// endpoints that receive it, or for the one endpoint `endpointID`; returns how many.
    @discardableResult
    package static func enqueue(_ event: WebhookEvent, endpointID: String? = nil, on session: SQLSession) async throws
        -> Int
    {
        var statement: SQLStatement = """
            INSERT INTO webhook_messages
                (id, endpoint_id, tenant, type, order_key, payload, is_click, state, attempts, next_attempt_at, created_at)
            SELECT \(event.id), id, tenant, \(event.type.rawValue), \(event.orderKey), \(event.payload),
                \(SQLValue.bool(event.type == .linkClicked)), 'pending', 0, \(event.createdAt), \(event.createdAt)
            FROM webhook_endpoints WHERE tenant = \(event.tenant) AND enabled = \(SQLValue.bool(true))
            """
        if let endpointID {
            statement.append(raw: " AND id = ")
            statement.append(.text(endpointID))
        } else {
            statement.append(raw: " AND \(session.dialect.position)(events, ")
            statement.append(.text(WebhookRows.eventMarker(event.type)))
            statement.append(raw: ") > 0")
        }
        statement.append(raw: " RETURNING seq")
        return try await session.run(statement).count
    }

    package func claimWebhookMessages(owner: String, now: Date, leaseUntil: Date, limit: Int) async throws
        -> [WebhookMessage]
    {
        let row = WebhookRows.message
        let (yes, skipLocked) = (SQLValue.bool(true), dialect.skipLocked)
        let rows = try await write(.transaction) { session in
            // The due rows in claim order, then as many of them as hold `limit` events (at least
            // one): a row of click events holds up to ``WebhookClickBatch/maximumEvents``.
            let due = try await session.run(
                """
                SELECT m.seq, m.events FROM webhook_messages m JOIN webhook_endpoints e ON e.id = m.endpoint_id
                WHERE m.state = 'pending' AND m.next_attempt_at <= \(now)
                    AND (m.lease_until IS NULL OR m.lease_until <= \(now))
                    AND e.enabled = \(yes) AND (e.paused_until IS NULL OR e.paused_until <= \(now))
                    AND (m.order_key IS NULL OR NOT EXISTS (
                        SELECT 1 FROM webhook_messages p
                        WHERE p.endpoint_id = m.endpoint_id AND p.order_key = m.order_key
                            AND p.state = 'pending' AND p.seq < m.seq))
                ORDER BY m.next_attempt_at, m.seq LIMIT \(max(1, limit))\(raw: skipLocked)
                """)
            var taken: [Int] = []
            var events = 0
            for candidate in due {
                let reader = row.reader(of: candidate)
                let count: Int = try reader.read("events")
                guard taken.isEmpty || events + count <= limit else { break }
                taken.append(try reader.read("seq"))
                events += count
            }
            guard !taken.isEmpty else { return [any SQLRow]() }
            return try await session.run(
                """
                UPDATE webhook_messages SET lease_owner = \(owner), lease_until = \(leaseUntil)
                WHERE seq IN \(valueList: taken.map { .integer($0) }) RETURNING \(raw: row.columnList)
                """)
        }
        var messages: [WebhookMessage] = []
        for stored in rows {
            let message = try row.record(from: stored)
            guard WebhookClickBatch.isBatch(message.payload) else {
                messages.append(message)
                continue
            }
            let events: [(id: String, payload: String)]
            do {
                events = try WebhookClickBatch.events(in: message.payload)
            } catch {
                throw LinkStoreError.unreadableValue(
                    table: "webhook_messages", column: "payload", key: "seq \(message.seq) (\(error))")
            }
            for (part, event) in events.enumerated() {
                var one = message
                one.id = event.id
                one.payload = event.payload
                one.part = part
                messages.append(one)
            }
        }
        return messages.sorted { ($0.seq, $0.part ?? 0) < ($1.seq, $1.part ?? 0) }
    }

    package func recordWebhookAttempts(
        _ records: [WebhookAttemptRecord], releasing unsent: [WebhookMessage], owner: String
    ) async throws {
        guard !records.isEmpty || !unsent.isEmpty else { return }
        // Deliveries, the outcome of nearly every attempt, take a few statements for the whole
        // batch (each statement is a round trip to the database); the rest go one by one.
        let batched = records.filter { $0.message.part != nil }
        let delivered = records.filter { $0.message.part == nil && $0.attempt.outcome == .delivered }
        let others = records.filter { $0.message.part == nil && $0.attempt.outcome != .delivered }
        let unsentBatched = unsent.filter { $0.part != nil }
        let unsent = unsent.filter { $0.part == nil }
        try await write(.transaction) { session in
            try await Self.recordBatches(batched, releasing: unsentBatched, owner: owner, on: session)
            try await Self.recordDeliveries(delivered, owner: owner, on: session)
            for record in others { try await Self.record(record, owner: owner, on: session) }
            for chunk in unsent.chunks(of: session.dialect.rowsPerStatement) {
                try await session.run(
                    """
                    UPDATE webhook_messages SET lease_owner = NULL, lease_until = NULL
                    WHERE lease_owner = \(owner) AND state = 'pending' AND seq IN \(valueList: chunk.map { .integer($0.seq) })
                    """)
            }
        }
    }

    /// Records attempts at the events of click batch rows (``WebhookClickBatch``) this owner still
    /// holds, on the batch's transaction. A row is finished by its first claim: it is marked
    /// delivered, and each of its events that was not delivered (due again, failed, or not tried)
    /// goes on as a message of its own with the same `webhook-id`, so a retry never sends the
    /// row's other events again.
    private static func recordBatches(
        _ records: [WebhookAttemptRecord], releasing unsent: [WebhookMessage], owner: String, on session: SQLSession
    ) async throws {
        let seqs = Set(records.map(\.message.seq) + unsent.map(\.seq)).sorted()
        guard !seqs.isEmpty else { return }
        let rowsPerStatement = session.dialect.rowsPerStatement
        let finished = records.map(\.attempt.at).max() ?? unsent.map(\.createdAt).max() ?? Date()
        var kept: Set<Int> = []
        for chunk in seqs.chunks(of: rowsPerStatement) {
            let statement: SQLStatement = """
                UPDATE webhook_messages SET attempts = 1, state = 'delivered', finished_at = \(finished),
                    lease_owner = NULL, lease_until = NULL
                WHERE lease_owner = \(owner) AND state = 'pending' AND seq IN \(valueList: chunk.map { .integer($0) })
                RETURNING seq
                """
            for row in try await session.run(statement) {
                kept.insert(try WebhookRows.message.reader(of: row).read("seq"))
            }
        }
        // Another instance took a row after this one's lease ran out: its attempts count.
        let records = records.filter { kept.contains($0.message.seq) }
        let remaining =
            records.compactMap { record -> WebhookClickRow? in
                let attempt = record.attempt
                switch attempt.outcome {
                case .delivered: return nil
                case .failed:
                    return WebhookClickRow(
                        leaving: record.message, attempts: attempt.attempt, state: "failed", due: attempt.at,
                        finishedAt: attempt.at)
                case .retrying, .disabled:
                    return WebhookClickRow(
                        leaving: record.message, attempts: attempt.attempt, state: "pending",
                        due: record.retryAt ?? attempt.at)
                }
            }
            + unsent.filter { kept.contains($0.seq) }.map {
                WebhookClickRow(leaving: $0, attempts: $0.attempts, state: "pending", due: $0.createdAt)
            }
        try await WebhookClickRow.insert(remaining, on: session)
        try await insertAttempts(records.map(\.attempt), on: session)
        for record in records { try await applyEndpointChanges(of: record, on: session) }
    }

    /// Logs attempts, a few rows per statement.
    private static func insertAttempts(_ attempts: [WebhookAttempt], on session: SQLSession) async throws {
        let row = WebhookRows.attempt
        for chunk in attempts.chunks(of: session.dialect.rowsPerStatement) {
            var statement: SQLStatement = "INSERT INTO webhook_attempts (\(raw: row.columnList)) VALUES "
            statement.append(rows: chunk, values: row.values(of:))
            try await session.run(statement)
        }
    }

    /// Marks the delivered messages this owner still holds as delivered, and logs their attempts,
    /// on the batch's transaction.
    private static func recordDeliveries(_ records: [WebhookAttemptRecord], owner: String, on session: SQLSession)
        async throws
    {
        let rowsPerStatement = session.dialect.rowsPerStatement
        var kept: Set<Int> = []
        for chunk in records.chunks(of: rowsPerStatement) {
            // One finishing time for the chunk (its latest attempt): it only dates the row for pruning.
            let finished = chunk.map(\.attempt.at).max() ?? Date()
            let statement: SQLStatement = """
                UPDATE webhook_messages SET attempts = attempts + 1, state = 'delivered', finished_at = \(finished),
                    lease_owner = NULL, lease_until = NULL
                WHERE lease_owner = \(owner) AND state = 'pending'
                    AND seq IN \(valueList: chunk.map { .integer($0.message.seq) })
                RETURNING seq
                """
            for row in try await session.run(statement) {
                kept.insert(try WebhookRows.message.reader(of: row).read("seq"))
            }
        }
        // Another instance took a message after this one's lease ran out: its attempt counts.
        try await insertAttempts(records.filter { kept.contains($0.message.seq) }.map(\.attempt), on: session)
    }

    /// One attempt of ``recordWebhookAttempts(_:owner:)``, on the batch's transaction.
    private static func record(_ record: WebhookAttemptRecord, owner: String, on session: SQLSession) async throws {
        let (attempt, message) = (record.attempt, record.message)
        let change: SQLStatement =
            switch attempt.outcome {
            case .delivered:
                "state = 'delivered', finished_at = \(attempt.at)"
            case .failed:
                "state = 'failed', finished_at = \(attempt.at)"
            case .retrying, .disabled:
                "next_attempt_at = \(record.retryAt ?? attempt.at)"
            }
        var statement: SQLStatement = "UPDATE webhook_messages SET attempts = \(attempt.attempt), "
        statement.append(change)
        statement.append(
            """
            , lease_owner = NULL, lease_until = NULL
            WHERE seq = \(message.seq) AND lease_owner = \(owner) AND state = 'pending' RETURNING seq
            """)
        // Another instance took the message after this one's lease ran out: its attempt counts.
        guard try await !session.run(statement).isEmpty else { return }
        try await session.run(insert(attempt, as: WebhookRows.attempt))
        try await applyEndpointChanges(of: record, on: session)
    }

    /// What an attempt changes on its endpoint: a `410` disables it; `pauseEndpointUntil` makes it wait.
    private static func applyEndpointChanges(of record: WebhookAttemptRecord, on session: SQLSession) async throws {
        let (attempt, message) = (record.attempt, record.message)
        if attempt.outcome == .disabled {
            try await session.run(
                """
                UPDATE webhook_endpoints SET enabled = \(SQLValue.bool(false)), updated_at = \(attempt.at)
                WHERE id = \(message.endpointID)
                """)
        }
        if let pauseEndpointUntil = record.pauseEndpointUntil {
            let greatest = session.dialect.greatest
            try await session.run(
                """
                UPDATE webhook_endpoints SET paused_until = \(raw: greatest)(COALESCE(paused_until, 0), \(pauseEndpointUntil))
                WHERE id = \(message.endpointID)
                """)
        }
    }

    package func webhookAttempts(tenant: String, endpointID: String, limit: Int) async throws -> [WebhookAttempt] {
        let row = WebhookRows.attempt
        return try await read(
            """
            SELECT \(raw: row.columnList) FROM webhook_attempts WHERE tenant = \(tenant) AND endpoint_id = \(endpointID)
            ORDER BY seq DESC LIMIT \(max(1, limit))
            """
        ).map(row.record(from:))
    }

    package func pruneWebhookRecords(before date: Date) async throws -> Int {
        try await write(.transaction) { session in
            try await session.run("DELETE FROM webhook_attempts WHERE at < \(date)")
            return try await session.run(
                """
                DELETE FROM webhook_messages WHERE state <> 'pending' AND finished_at < \(date) RETURNING seq
                """
            ).count
        }
    }

    package func pendingWebhookMessages(clicksOnly: Bool) async throws -> Int {
        let rows =
            if clicksOnly {
                try await read(
                    """
                    SELECT COALESCE(SUM(events), 0) AS count FROM webhook_messages
                    WHERE state = 'pending' AND is_click = \(SQLValue.bool(true))
                    """)
            } else {
                try await read(
                    "SELECT COALESCE(SUM(events), 0) AS count FROM webhook_messages WHERE state = 'pending'")
            }
        return try rows.first.map { try WebhookRows.message.reader(of: $0).read("count") } ?? 0
    }
}
