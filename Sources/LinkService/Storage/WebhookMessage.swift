import Foundation

/// One event on its way to one endpoint: a row of the webhook outbox.
public struct WebhookMessage: Sendable, Hashable {
    /// Where it is in the outbox (the order events were written in).
    public var seq: Int
    /// The event's id, the `webhook-id` header: the same for every endpoint and every attempt.
    public var id: String
    public var endpointID: String
    public var tenant: String
    public var type: WebhookEventType
    /// The body, exactly as signed and sent.
    public var payload: String
    /// Attempts made so far.
    public var attempts: Int
    public var createdAt: Date

    public init(
        seq: Int = 0, id: String, endpointID: String, tenant: String, type: WebhookEventType, payload: String,
        attempts: Int = 0, createdAt: Date
    ) {
        self.seq = seq
        self.id = id
        self.endpointID = endpointID
        self.tenant = tenant
        self.type = type
        self.payload = payload
        self.attempts = attempts
        self.createdAt = createdAt
    }
}
