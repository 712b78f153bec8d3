import Foundation
import LinkCore

/// A `link.clicked` row of the webhook outbox: a flush's batch of events for one endpoint
/// (``WebhookClickBatch``), or one event that left its batch after its first attempt.
package struct WebhookClickRow {
    package var id: String
    package var endpointID: String
    package var tenant: String
    package var payload: String
    /// How many events the row holds.
    package var events: Int
    package var state: String
    package var attempts: Int
    package var due: Date
    package var createdAt: Date
    package var finishedAt: Date?

    /// Writes `rows` to the webhook outbox, many to a statement, on `session`.
    package static func insert(_ rows: [WebhookClickRow], on session: SQLSession) async throws {
        for chunk in rows.chunks(of: session.dialect.rowsPerStatement) {
            var statement: SQLStatement = """
                INSERT INTO webhook_messages
                    (id, endpoint_id, tenant, type, order_key, payload, is_click, events, state, attempts,
                    next_attempt_at, created_at, finished_at)
                VALUES
                """
            statement.append(raw: " ")
            statement.append(rows: chunk) {
                [
                    .text($0.id), .text($0.endpointID), .text($0.tenant), .text(WebhookEventType.linkClicked.rawValue),
                    .null, .text($0.payload), .bool(true), .integer($0.events), .text($0.state),
                    .integer($0.attempts), $0.due.sqlValue, $0.createdAt.sqlValue,
                    $0.finishedAt.map(\.sqlValue) ?? .null,
                ]
            }
            try await session.run(statement)
        }
    }
}

extension WebhookClickRow {
    /// The row of one event of a batch that goes on alone, with its `webhook-id` and payload.
    package init(leaving message: WebhookMessage, attempts: Int, state: String, due: Date, finishedAt: Date? = nil) {
        self.init(
            id: message.id, endpointID: message.endpointID, tenant: message.tenant, payload: message.payload,
            events: 1, state: state, attempts: attempts, due: due, createdAt: message.createdAt,
            finishedAt: finishedAt)
    }
}
