import DeepLinkRouting

/// The body of `POST /api/v1/webhooks` or `PATCH /api/v1/webhooks/{id}`, parsed: every key known,
/// every value of the right type, every event name one of ``WebhookEventType``. Whether the URL
/// may be called is ``WebhookURLPolicy``'s to say.
package struct WebhookEndpointRequest: Sendable, Hashable {
    package var url: String?
    package var events: [WebhookEventType]?
    package var description: String?
    package var enabled: Bool?

    package static let createKeys = ["url", "events", "description"]
    package static let patchKeys = ["url", "events", "description", "enabled"]
    /// Longest description accepted.
    package static let maximumDescriptionLength = 512

    /// A request made by the console from its form.
    package init(
        url: String? = nil, events: [WebhookEventType]? = nil, description: String? = nil, enabled: Bool? = nil
    ) {
        self.url = url
        self.events = events
        self.description = description
        self.enabled = enabled
    }

    /// Parses a body; `creating` asks for `url` and `events` and refuses `enabled`.
    package init(body bytes: some Collection<UInt8>, creating: Bool) throws(FieldError) {
        let node: JSONNode
        do {
            node = try JSONParser(maximumDepth: 8).parse(bytes)
        } catch {
            throw FieldError.malformedJSON(error)
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
            throw FieldError(
                "url", "\"url\" is required: the https URL the events are sent to", code: .missingField)
        }
        if creating, events == nil {
            throw FieldError(
                "events", "\"events\" is required: a list of \(Self.eventNames)", code: .missingField)
        }
    }

    private static var eventNames: String {
        WebhookEventType.allCases.map(\.rawValue).joined(separator: ", ")
    }

    /// A non-empty list of known event names, each once, in ``WebhookEventType/allCases`` order.
    private static func events(_ node: JSONNode) throws(FieldError) -> [WebhookEventType] {
        guard let elements = node.arrayValue else {
            throw FieldError(
                "events", "events must be a list of event names, not \(node.kindDescription)", code: .wrongType)
        }
        guard !elements.isEmpty else {
            throw FieldError("events", "events must name at least one of \(eventNames)", code: .noEvents)
        }
        var types: Set<WebhookEventType> = []
        for (index, element) in elements.enumerated() {
            let path = "events[\(index)]"
            let name = try LinkRequest.string(element, at: path)
            guard let type = WebhookEventType(rawValue: name) else {
                let suggestion =
                    DiagnosticCollector.nearest(name, in: WebhookEventType.allCases.map(\.rawValue))
                    .map { "; did you mean \"\($0)\"?" } ?? ""
                throw FieldError(
                    path, "unknown event \"\(name.prefix(100))\"\(suggestion) Events: \(eventNames)",
                    code: .unknownEvent)
            }
            guard types.insert(type).inserted else {
                throw FieldError(path, "the event \"\(name)\" is listed twice", code: .duplicateEvent)
            }
        }
        return WebhookEventType.allCases.filter(types.contains)
    }
}
