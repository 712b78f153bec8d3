import Foundation

/// An event before it is fanned out to the endpoints that want it.
public struct WebhookEvent: Sendable, Hashable {
    /// The `webhook-id` (`msg_…`).
    public var id: String
    public var tenant: String
    public var type: WebhookEventType
    /// The body `{"type", "timestamp", "data"}` as sent.
    public var payload: String
    /// Events with the same key reach an endpoint in the order they were written (a link's id);
    /// `nil`: no order.
    public var orderKey: String?
    public var createdAt: Date

    public init(
        id: String, tenant: String, type: WebhookEventType, payload: String, orderKey: String?, createdAt: Date
    ) {
        self.id = id
        self.tenant = tenant
        self.type = type
        self.payload = payload
        self.orderKey = orderKey
        self.createdAt = createdAt
    }
}
