import Foundation

/// A store's webhooks: the tenants' endpoints, the outbox of events on their way to them, and the
/// log of delivery attempts.
///
/// Link events enter the outbox in the same transaction as the change they report (see
/// ``LinkRecords``), click events with their click batch (``ClickRecords``); the delivery worker
/// takes them out with ``claimWebhookMessages(owner:now:leaseUntil:limit:)``, which several
/// instances may call at once: each message is held by one of them at a time, and a message whose
/// holder died is taken again once its lease is over.
package protocol WebhookRecords: Sendable {
    /// Stores a new endpoint unless the tenant has `limit` endpoints already (then `false`, and
    /// nothing is written).
    func insertWebhookEndpoint(_ endpoint: WebhookEndpoint, limit: Int) async throws -> Bool
    /// The tenant's endpoints, oldest first.
    func webhookEndpoints(tenant: String) async throws -> [WebhookEndpoint]
    /// The tenant's endpoint with this id.
    func webhookEndpoint(tenant: String, id: String) async throws -> WebhookEndpoint?
    /// Replaces the tenant's endpoint that has `endpoint.id`; `false` when there is none.
    func updateWebhookEndpoint(_ endpoint: WebhookEndpoint) async throws -> Bool
    /// Deletes the tenant's endpoint with its queued messages and its log; `false` when there is none.
    func deleteWebhookEndpoint(tenant: String, id: String) async throws -> Bool
    /// Queues `event` for the enabled endpoints of its tenant that receive its type (only for the
    /// one with `endpointID` when given, whatever its events); returns how many messages were
    /// queued.
    @discardableResult
    func enqueueWebhookEvent(_ event: WebhookEvent, endpointID: String?) async throws -> Int
    /// Takes at most `limit` messages that are due at `now` for `owner` until `leaseUntil`, earliest
    /// due first (then in the order written): none of a disabled or paused endpoint, none held by another owner's lease that is
    /// not over, and none with an earlier undelivered message of the same order key for its
    /// endpoint (so a link's events arrive in order).
    func claimWebhookMessages(owner: String, now: Date, leaseUntil: Date, limit: Int) async throws
        -> [WebhookMessage]
    /// Records attempts at messages `owner` claimed, all in one transaction: for each, the log
    /// entry; the message delivered, failed, or due again at `retryAt`, as `attempt.outcome` says;
    /// a `410` disables the endpoint; `pauseEndpointUntil` makes the endpoint wait. An attempt at a
    /// message that is no longer `owner`'s (its lease ran out and another instance took it)
    /// changes nothing. The leases of `unsent` (claimed, not tried) are given up in the same
    /// transaction, so that the next claim can take them at once.
    func recordWebhookAttempts(_ records: [WebhookAttemptRecord], releasing unsent: [WebhookMessage], owner: String)
        async throws
    /// The endpoint's latest attempts, newest first, `limit` at most.
    func webhookAttempts(tenant: String, endpointID: String, limit: Int) async throws -> [WebhookAttempt]
    /// Deletes messages delivered before `date` and attempts made before it; returns how many
    /// messages went.
    @discardableResult
    func pruneWebhookRecords(before date: Date) async throws -> Int
    /// Messages not delivered yet and not failed (only click events when `clicksOnly`).
    func pendingWebhookMessages(clicksOnly: Bool) async throws -> Int
}

extension WebhookRecords {
    /// Records attempts (see ``recordWebhookAttempts(_:releasing:owner:)``), giving up no lease.
    package func recordWebhookAttempts(_ records: [WebhookAttemptRecord], owner: String) async throws {
        try await recordWebhookAttempts(records, releasing: [], owner: owner)
    }

    /// Records one attempt (see ``recordWebhookAttempts(_:releasing:owner:)``).
    package func recordWebhookAttempt(
        _ attempt: WebhookAttempt, of message: WebhookMessage, owner: String, retryAt: Date?,
        pauseEndpointUntil: Date?
    ) async throws {
        try await recordWebhookAttempts(
            [
                WebhookAttemptRecord(
                    attempt: attempt, message: message, retryAt: retryAt, pauseEndpointUntil: pauseEndpointUntil)
            ],
            owner: owner)
    }
}
