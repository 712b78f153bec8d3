import Foundation

/// An event before it is fanned out to the endpoints that want it.
package struct WebhookEvent: Sendable, Hashable {
    /// The `webhook-id` (`msg_…`).
    package var id: String
    package var tenant: String
    package var type: WebhookEventType
    /// The body `{"type", "timestamp", "data"}` as sent.
    package var payload: String
    /// Events with the same key reach an endpoint in the order they were written (a link's id);
    /// `nil`: no order.
    package var orderKey: String?
    package var createdAt: Date

    package init(
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
