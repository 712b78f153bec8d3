import Foundation

/// A tenant's webhook endpoint: where events go, which ones, and the secret that signs them.
package struct WebhookEndpoint: Sendable, Hashable {
    package var id: String
    package var tenant: String
    /// An `https` URL (or `http` where private networks are allowed).
    package var url: String
    /// The events it receives, in ``WebhookEventType/allCases`` order.
    package var events: [WebhookEventType]
    package var description: String
    /// A disabled endpoint is sent nothing and gets no new events.
    package var enabled: Bool
    /// The signing secret, `whsec_<base64>`.
    package var secret: String
    /// The secret before the last rotation, still signing until ``previousSecretExpiresAt``.
    package var previousSecret: String?
    package var previousSecretExpiresAt: Date?
    /// Deliveries wait until then: the receiver asked to slow down (`429`, `502`, `504`).
    package var pausedUntil: Date?
    package var createdAt: Date
    package var updatedAt: Date

    package init(
        id: String, tenant: String, url: String, events: [WebhookEventType], description: String = "",
        enabled: Bool = true, secret: String, previousSecret: String? = nil, previousSecretExpiresAt: Date? = nil,
        pausedUntil: Date? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenant = tenant
        self.url = url
        self.events = events
        self.description = description
        self.enabled = enabled
        self.secret = secret
        self.previousSecret = previousSecret
        self.previousSecretExpiresAt = previousSecretExpiresAt
        self.pausedUntil = pausedUntil
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The secrets that sign a delivery made at `date`: the current one, and the previous one
    /// while it is still valid.
    package func signingSecrets(at date: Date) -> [String] {
        guard let previousSecret, let until = previousSecretExpiresAt, date < until else { return [secret] }
        return [secret, previousSecret]
    }

    /// Whether it gets `type` events.
    package func receives(_ type: WebhookEventType) -> Bool { enabled && events.contains(type) }
}
