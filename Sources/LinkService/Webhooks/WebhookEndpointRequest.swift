import DeepLinkRouting
import HTTPTypes

/// The body of `POST /api/v1/webhooks` or `PATCH /api/v1/webhooks/{id}`, parsed: every key known,
/// every value of the right type, every event name one of ``WebhookEventType``. Whether the URL
/// may be called is ``WebhookURLPolicy``'s to say.
struct WebhookEndpointRequest: Sendable, Hashable {
    var url: String?
    var events: [WebhookEventType]?
    var description: String?
    var enabled: Bool?

    static let createKeys = ["url", "events", "description"]
    static let patchKeys = ["url", "events", "description", "enabled"]
    /// Longest description accepted.
    static let maximumDescriptionLength = 512

    /// A request made by the console from its form.
    init(
        url: String? = nil, events: [WebhookEventType]? = nil, description: String? = nil, enabled: Bool? = nil
    ) {
        self.url = url
        self.events = events
        self.description = description
        self.enabled = enabled
    }

    /// Parses a body; `creating` asks for `url` and `events` and refuses `enabled`.
    init(body bytes: some Collection<UInt8>, creating: Bool) throws(Problem) {
        let node: JSONNode
        do {
            node = try JSONParser(maximumDepth: 8).parse(bytes)
        } catch {
            throw Problem(.badRequest, "malformed-json", title: "The body is not JSON", detail: "\(error)")
        }
        let members = try LinkRequest.members(of: node, at: "", known: creating ? Self.createKeys : Self.patchKeys)
        url = try LinkRequest.optionalString(members["url"], at: "url")
        if let node = members["events"], node.value != .null {
            events = try Self.events(node)
        }
        description = try LinkRequest.optionalString(members["description"], at: "description")
        if let node = members["enabled"], node.value != .null {
            enabled = try LinkRequest.bool(node, at: "enabled")
        }
        if creating, url == nil {
            throw Problem.invalidField(
                "url", "\"url\" is required: the https URL the events are sent to", code: "missing-field")
        }
        if creating, events == nil {
            throw Problem.invalidField(
                "events", "\"events\" is required: a list of \(Self.eventNames)", code: "missing-field")
        }
    }

    private static var eventNames: String {
        WebhookEventType.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// A non-empty list of known event names, each once, in ``WebhookEventType/allCases`` order.
    private static func events(_ node: JSONNode) throws(Problem) -> [WebhookEventType] {
        guard let elements = node.arrayValue else {
            throw Problem.invalidField(
                "events", "events must be a list of event names, not \(node.kindDescription)", code: "wrong-type")
        }
        guard !elements.isEmpty else {
            throw Problem.invalidField("events", "events must name at least one of \(eventNames)", code: "no-events")
        }
        var types: Set<WebhookEventType> = []
        for (index, element) in elements.enumerated() {
            let path = "events[\(index)]"
            let name = try LinkRequest.string(element, at: path)
            guard let type = WebhookEventType(rawValue: name) else {
                let suggestion =
                    DiagnosticCollector.nearest(name, in: WebhookEventType.allCases.map(\.rawValue))
                    .map { "; did you mean \"\($0)\"?" } ?? ""
                throw Problem.invalidField(
                    path, "unknown event \"\(name.prefix(100))\"\(suggestion) Events: \(eventNames)",
                    code: "unknown-event")
            }
            guard types.insert(type).inserted else {
                throw Problem.invalidField(path, "the event \"\(name)\" is listed twice", code: "duplicate-event")
            }
        }
        return WebhookEventType.allCases.filter(types.contains)
    }
}
