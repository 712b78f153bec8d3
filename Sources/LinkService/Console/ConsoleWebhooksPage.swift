import LinkCore

/// The console's webhooks page (`console-webhooks.mustache`): the tenant's endpoints and the form
/// that adds one ("URL", the events, "Description", "Add endpoint"); a refused form shows the
/// API's reason next to its field and keeps what was typed.
package struct ConsoleWebhooksPage: PageModel {
    package static let template = PageTemplate.consoleWebhooks

    package struct Endpoint: Sendable {
        package var id: String
        package var url: String
        package var events: String
        package var enabled: Bool
        package var description: String?
    }

    /// One event's checkbox.
    package struct Event: Sendable {
        package var name: String
        package var checked: Bool
        package var hint: String?
    }

    package var layout: ConsoleLayout
    package var endpoints: [Endpoint]
    package var hasEndpoints: Bool
    package var url: String
    package var description: String
    package var events: [Event]
    package var urlError: String?
    package var eventsError: String?
    package var formError: String?

    package static let example = ConsoleWebhooksPage(
        layout: .example,
        endpoints: [
            Endpoint(
                id: "wh_1", url: "https://crm.example.com/hooks", events: "link.created, link.clicked", enabled: true,
                description: "CRM")
        ], hasEndpoints: true, url: "https://crm.example.com/hooks", description: "CRM",
        events: [Event(name: "link.clicked", checked: true, hint: "one event per click")],
        urlError: "webhook URLs must be https", eventsError: "choose at least one event",
        formError: "This app has 20 endpoints already.")
}

extension ConsoleWebhooksPage {
    /// The page for `endpoints`, its form holding `form` (what was typed) and `problem` (why it
    /// was refused).
    package init(
        layout: ConsoleLayout, endpoints: [WebhookEndpoint], form: ConsoleForm = ConsoleForm(), problem: Problem? = nil
    ) {
        self.layout = layout
        self.endpoints = endpoints.map {
            Endpoint(
                id: $0.id, url: $0.url, events: $0.events.map(\.rawValue).joined(separator: ", "), enabled: $0.enabled,
                description: $0.description.isEmpty ? nil : $0.description)
        }
        hasEndpoints = !endpoints.isEmpty
        url = form.text("url")
        description = form.text("description")
        events = WebhookEventType.allCases.map { type in
            Event(
                name: type.rawValue, checked: form[Self.field(type)] != nil,
                hint: type == .linkClicked ? "one event per click: many" : nil)
        }
        let field = problem?.field ?? ""
        urlError = field == "url" ? problem?.detail : nil
        eventsError = field.hasPrefix("events") ? problem?.detail : nil
        formError = problem != nil && urlError == nil && eventsError == nil ? problem?.detail : nil
    }

    /// The form field of an event's checkbox.
    package static func field(_ type: WebhookEventType) -> String { "event-" + type.rawValue }
}
