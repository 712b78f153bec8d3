import Foundation

/// One attempt at a claimed message with what it changes, as the delivery worker records it (see
/// ``WebhookRecords/recordWebhookAttempts(_:owner:)``).
package struct WebhookAttemptRecord: Sendable, Hashable {
    /// The log entry; its `outcome` says whether the message is delivered, failed or due again.
    package var attempt: WebhookAttempt
    package var message: WebhookMessage
    /// When the message is due again (a retrying or disabling attempt); `nil` otherwise.
    package var retryAt: Date?
    /// Until when the endpoint's messages wait (`429`, `502`, `504`); `nil` when they need not.
    package var pauseEndpointUntil: Date?

    package init(attempt: WebhookAttempt, message: WebhookMessage, retryAt: Date?, pauseEndpointUntil: Date?) {
        self.attempt = attempt
        self.message = message
        self.retryAt = retryAt
        self.pauseEndpointUntil = pauseEndpointUntil
    }
}
