import Foundation
import LinkCore

extension SQLStore {
    /// Queues a `link.clicked` event for each click of a stored link and each enabled endpoint of
    /// its tenant that subscribes to them, on `session` (the click batch's transaction), while the
    /// outbox holds fewer than `limit` undelivered click events; the rest are dropped. An
    /// endpoint's events of the batch share outbox rows of up to ``WebhookClickBatch/maximumEvents``.
    package static func enqueueClickEvents(_ clicks: [Click], limit: Int, on session: SQLSession) async throws
        -> ClickBatchOutcome
    {
        let dialect = session.dialect
        let subscribers = try await session.run(
            """
            SELECT id, tenant FROM webhook_endpoints
            WHERE enabled = \(SQLValue.bool(true))
                AND \(raw: dialect.position)(events, \(WebhookRows.eventMarker(.linkClicked))) > 0
            ORDER BY id
            """)
        // The common case: nobody subscribes to clicks, and the batch costs one small query more.
        guard !subscribers.isEmpty else { return ClickBatchOutcome() }
        var endpointsByTenant: [String: [String]] = [:]
        for row in subscribers {
            let reader = WebhookRows.endpoint.reader(of: row)
            endpointsByTenant[try reader.read("tenant"), default: []].append(try reader.read("id"))
        }
        let wanted = clicks.filter { $0.linkID != nil && endpointsByTenant[$0.tenant] != nil }
        guard !wanted.isEmpty else { return ClickBatchOutcome() }

        let pending = try await session.run(
            """
            SELECT COALESCE(SUM(events), 0) AS count FROM webhook_messages
            WHERE state = 'pending' AND is_click = \(SQLValue.bool(true))
            """)
        let queued: Int = try pending.first.map { try WebhookRows.message.reader(of: $0).read("count") } ?? 0
        var room = max(0, limit - queued)
        let links = try await Self.links(ids: Set(wanted.compactMap(\.linkID)), on: session)

        var outcome = ClickBatchOutcome()
        var events = WebhookPayload.ClickEvents()
        // Per endpoint, its events in click order: one outbox row per ``WebhookClickBatch``.
        var batches: [(endpointID: String, tenant: String, writer: WebhookClickBatch.Writer, at: Date)] = []
        var batchIndex: [String: Int] = [:]
        for click in wanted {
            guard let id = click.linkID, let link = links[id], link.tenant == click.tenant else { continue }
            let endpoints = endpointsByTenant[click.tenant] ?? []
            guard room > 0 else {
                outcome.droppedClickEvents += endpoints.count
                continue
            }
            let event = events.part(click, of: link)
            for endpoint in endpoints {
                guard room > 0 else {
                    outcome.droppedClickEvents += 1
                    continue
                }
                room -= 1
                outcome.queuedClickEvents += 1
                if let index = batchIndex[endpoint], batches[index].writer.count < WebhookClickBatch.maximumEvents {
                    batches[index].writer.append(event)
                } else {
                    var writer = WebhookClickBatch.Writer()
                    writer.append(event)
                    batchIndex[endpoint] = batches.count
                    batches.append((endpoint, click.tenant, writer, click.time))
                }
            }
        }
        try await WebhookClickRow.insert(
            batches.map {
                WebhookClickRow(
                    id: WebhookPayload.makeBatchID(), endpointID: $0.endpointID, tenant: $0.tenant,
                    payload: $0.writer.text, events: $0.writer.count, state: "pending",
                    attempts: 0, due: $0.at, createdAt: $0.at, finishedAt: nil)
            }, on: session)
        return outcome
    }

    /// The stored links with these ids, by id.
    private static func links(ids: Set<String>, on session: SQLSession) async throws -> [String: Link] {
        let row = LinkRow.description
        let ids = Array(ids)
        var links: [String: Link] = [:]
        for chunk in ids.chunks(of: session.dialect.rowsPerStatement) {
            let statement: SQLStatement =
                "SELECT \(raw: row.columnList) FROM links WHERE id IN \(valueList: chunk.map { .text($0) })"
            for stored in try await session.run(statement).map(row.record(from:)) { links[stored.id] = stored }
        }
        return links
    }
}
