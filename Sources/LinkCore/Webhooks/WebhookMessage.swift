import Foundation

/// One event on its way to one endpoint: a row of the webhook outbox, or one event of a row that
/// holds a flush's click events.
package struct WebhookMessage: Sendable, Hashable {
    /// Where it is in the outbox (the order events were written in).
    package var seq: Int
    /// The event's id, the `webhook-id` header: the same for every endpoint and every attempt.
    package var id: String
    package var endpointID: String
    package var tenant: String
    package var type: WebhookEventType
    /// The body, exactly as signed and sent.
    package var payload: String
    /// Attempts made so far.
    package var attempts: Int
    package var createdAt: Date
    /// The event's place among the `link.clicked` events that share its outbox row (a
    /// ``WebhookClickBatch``); `nil` for a message with a row of its own.
    package var part: Int?

    package init(
        seq: Int = 0, id: String, endpointID: String, tenant: String, type: WebhookEventType, payload: String,
        attempts: Int = 0, createdAt: Date, part: Int? = nil
    ) {
        self.seq = seq
        self.id = id
        self.endpointID = endpointID
        self.tenant = tenant
        self.type = type
        self.payload = payload
        self.attempts = attempts
        self.createdAt = createdAt
        self.part = part
    }
}
