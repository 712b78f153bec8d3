import Foundation

/// One delivery attempt, as the endpoint's delivery log shows it.
public struct WebhookAttempt: Sendable, Hashable {
    /// What an attempt led to.
    public enum Outcome: String, Sendable, Hashable {
        /// A `2xx` answer.
        case delivered
        /// Not delivered; it will be tried again.
        case retrying
        /// Not delivered, and no more tries: the retry period is over.
        case failed
        /// `410 Gone`: the endpoint is disabled.
        case disabled
    }

    public var endpointID: String
    public var tenant: String
    /// The `webhook-id`.
    public var eventID: String
    public var type: WebhookEventType
    /// 1 for the first attempt.
    public var attempt: Int
    public var at: Date
    /// The HTTP status; `nil` when no answer came.
    public var status: Int?
    public var durationMilliseconds: Int
    public var error: String?
    public var outcome: Outcome

    public init(
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
