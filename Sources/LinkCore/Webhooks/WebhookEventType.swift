/// The events a webhook endpoint can subscribe to (the spec's names are the interface).
package enum WebhookEventType: String, Sendable, Hashable, CaseIterable {
    case linkCreated = "link.created"
    case linkUpdated = "link.updated"
    case linkDeleted = "link.deleted"
    /// One event per click: many, so an endpoint gets it only when it names it.
    case linkClicked = "link.clicked"
    case deferredClaimed = "deferred.claimed"
    /// A served domain's health (``DomainHealth``) changed, or was found for the first time.
    case domainHealthChanged = "domain.health_changed"
    /// An app's event attributed to a click (`POST /api/v1/events`).
    case eventCreated = "event.created"
    /// An invitation was made (API or console): the server sends no email, an endpoint can.
    case memberInvited = "member.invited"
    case webhookTest = "webhook.test"
}
