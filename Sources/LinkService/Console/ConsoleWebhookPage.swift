import Foundation
import LinkCore

/// One webhook endpoint in the console (`console-webhook.mustache`): its URL and events, its
/// secret when it was just made or rotated (shown only then), "Send test event", "Rotate secret",
/// "Disable"/"Enable", "Delete", and its delivery log ("Deliveries", newest first).
package struct ConsoleWebhookPage: PageModel {
    package static let template = PageTemplate.consoleWebhook

    package struct Attempt: Sendable {
        package var at: String
        package var eventID: String
        package var type: String
        package var attempt: Int
        package var status: String
        package var duration: String
        package var outcome: String
        package var error: String?
    }

    package var layout: ConsoleLayout
    package var id: String
    package var url: String
    package var events: String
    package var description: String?
    package var enabled: Bool
    package var secret: String?
    package var attempts: [Attempt]
    package var hasAttempts: Bool

    package static let example = ConsoleWebhookPage(
        layout: .example, id: "wh_1", url: "https://crm.example.com/hooks", events: "link.created",
        description: "CRM", enabled: true, secret: "whsec_abc",
        attempts: [
            Attempt(
                at: "2026-11-26 13:05:00 UTC", eventID: "msg_1", type: "link.created", attempt: 1, status: "500",
                duration: "12 ms", outcome: "retrying", error: "HTTP 500")
        ], hasAttempts: true)
}

extension ConsoleWebhookPage {
    package init(layout: ConsoleLayout, endpoint: WebhookEndpoint, attempts: [WebhookAttempt], secret: String? = nil) {
        self.layout = layout
        id = endpoint.id
        url = endpoint.url
        events = endpoint.events.map(\.rawValue).joined(separator: ", ")
        description = endpoint.description.isEmpty ? nil : endpoint.description
        enabled = endpoint.enabled
        self.secret = secret
        self.attempts = attempts.map {
            Attempt(
                at: ISO8601.string(from: $0.at), eventID: $0.eventID, type: $0.type.rawValue, attempt: $0.attempt,
                status: $0.status.map(String.init) ?? "no answer", duration: "\($0.durationMilliseconds) ms",
                outcome: $0.outcome.rawValue, error: $0.error)
        }
        hasAttempts = !attempts.isEmpty
    }
}
