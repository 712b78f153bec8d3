import Foundation

/// One delivery attempt, as the endpoint's delivery log shows it.
package struct WebhookAttempt: Sendable, Hashable {
    /// What an attempt led to.
    package enum Outcome: String, Sendable, Hashable {
        /// A `2xx` answer.
        case delivered
        /// Not delivered; it will be tried again.
        case retrying
        /// Not delivered, and no more tries: the retry period is over.
        case failed
        /// `410 Gone`: the endpoint is disabled.
        case disabled
    }

    package var endpointID: String
    package var tenant: String
    /// The `webhook-id`.
    package var eventID: String
    package var type: WebhookEventType
    /// 1 for the first attempt.
    package var attempt: Int
    package var at: Date
    /// The HTTP status; `nil` when no answer came.
    package var status: Int?
    package var durationMilliseconds: Int
    package var error: String?
    package var outcome: Outcome

    package init(
        endpointID: String, tenant: String, eventID: String, type: WebhookEventType, attempt: Int, at: Date,
        status: Int?, durationMilliseconds: Int, error: String?, outcome: Outcome
    ) {
        self.endpointID = endpointID
        self.tenant = tenant
        self.eventID = eventID
        self.type = type
        self.attempt = attempt
        self.at = at
        self.status = status
        self.durationMilliseconds = durationMilliseconds
        self.error = error
        self.outcome = outcome
    }
}
