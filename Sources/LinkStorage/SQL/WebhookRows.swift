import Foundation
import LinkCore

/// How webhook endpoints, outbox messages and delivery attempts are stored: each table's
/// columns, listed once.
package enum WebhookRows {
    package static let endpoint = RowDescription<WebhookEndpoint>(
        table: "webhook_endpoints", key: ["id"],
        columns: [
            .init("id", \.id, identity: true), .init("tenant", \.tenant, identity: true), .init("url", \.url),
            .init("events", \.eventsText), .init("description", \.description), .init("enabled", \.enabled),
            .init("secret", \.secret), .init("previous_secret", \.previousSecret),
            .init("previous_secret_expires_at", \.previousSecretExpiresAt), .init("paused_until", \.pausedUntil),
            .init("created_at", \.createdAt), .init("updated_at", \.updatedAt),
        ],
        blank: WebhookEndpoint(
            id: "", tenant: "", url: "", events: [], secret: "", createdAt: Date(timeIntervalSince1970: 0),
            updatedAt: Date(timeIntervalSince1970: 0)))

    /// The outbox's columns a claim reads back (the rest say where a message is in its life).
    package static let message = RowDescription<WebhookMessage>(
        table: "webhook_messages", key: ["seq"],
        columns: [
            .init("seq", \.seq), .init("id", \.id), .init("endpoint_id", \.endpointID), .init("tenant", \.tenant),
            .init("type", \.type), .init("payload", \.payload), .init("attempts", \.attempts),
            .init("created_at", \.createdAt),
        ],
        blank: WebhookMessage(
            id: "", endpointID: "", tenant: "", type: .webhookTest, payload: "",
            createdAt: Date(timeIntervalSince1970: 0)))

    package static let attempt = RowDescription<WebhookAttempt>(
        table: "webhook_attempts", key: ["endpoint_id", "message_id"],
        columns: [
            .init("endpoint_id", \.endpointID), .init("tenant", \.tenant), .init("message_id", \.eventID),
            .init("type", \.type), .init("attempt", \.attempt), .init("at", \.at), .init("status", \.status),
            .init("duration_ms", \.durationMilliseconds), .init("error", \.error), .init("outcome", \.outcome),
        ],
        blank: WebhookAttempt(
            endpointID: "", tenant: "", eventID: "", type: .webhookTest, attempt: 0,
            at: Date(timeIntervalSince1970: 0), status: nil, durationMilliseconds: 0, error: nil, outcome: .failed))

    /// How an endpoint's events are kept in one column: `,link.created,link.updated,`, so that
    /// `position(events, ',link.created,') > 0` asks whether it receives one.
    package static func eventsText(_ events: [WebhookEventType]) -> String {
        "," + events.map(\.rawValue).joined(separator: ",") + ","
    }

    /// The text `position` looks for in ``eventsText(_:)``.
    package static func eventMarker(_ type: WebhookEventType) -> String { "," + type.rawValue + "," }
}

extension WebhookEndpoint {
    fileprivate var eventsText: String {
        get { WebhookRows.eventsText(events) }
        set {
            let names = Set(newValue.split(separator: ",").map(String.init))
            events = WebhookEventType.allCases.filter { names.contains($0.rawValue) }
        }
    }
}

extension WebhookEventType: SQLStorable {
    package var sqlValue: SQLValue { .text(rawValue) }

    package init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue else { return nil }
        self.init(rawValue: text)
    }
}

extension WebhookAttempt.Outcome: SQLStorable {
    package var sqlValue: SQLValue { .text(rawValue) }

    package init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue else { return nil }
        self.init(rawValue: text)
    }
}
