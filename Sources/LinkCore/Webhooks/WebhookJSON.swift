import DeepLinkRouting

/// The JSON the webhooks API answers with: the one place an endpoint or an attempt becomes JSON.
package enum WebhookJSON {
    /// An endpoint as the API shows it; `secret` only when it was just made (creation, rotation).
    package static func node(_ endpoint: WebhookEndpoint, secret: String? = nil) -> JSONNode {
        var members: [JSONNode.Member] = [
            .init(key: "id", value: JSONNode(.string(endpoint.id))),
            .init(key: "url", value: JSONNode(.string(endpoint.url))),
            .init(key: "events", value: JSONNode(.array(endpoint.events.map { JSONNode(.string($0.rawValue)) }))),
            .init(key: "description", value: JSONNode(.string(endpoint.description))),
            .init(key: "enabled", value: JSONNode(.bool(endpoint.enabled))),
        ]
        if let secret { members.append(.init(key: "secret", value: JSONNode(.string(secret)))) }
        members.append(.init(key: "createdAt", value: JSONNode(.string(ISO8601.string(from: endpoint.createdAt)))))
        return JSONNode(.object(members))
    }

    /// One delivery attempt.
    package static func node(_ attempt: WebhookAttempt) -> JSONNode {
        .object([
            "eventId": JSONNode(.string(attempt.eventID)),
            "type": JSONNode(.string(attempt.type.rawValue)),
            "attempt": JSONNode(.number(String(attempt.attempt))),
            "at": JSONNode(.string(ISO8601.string(from: attempt.at))),
            "status": attempt.status.map { JSONNode(.number(String($0))) } ?? JSONNode(.null),
            "durationMs": JSONNode(.number(String(attempt.durationMilliseconds))),
            "error": attempt.error.map { JSONNode(.string($0)) } ?? JSONNode(.null),
            "outcome": JSONNode(.string(attempt.outcome.rawValue)),
        ])
    }
}
