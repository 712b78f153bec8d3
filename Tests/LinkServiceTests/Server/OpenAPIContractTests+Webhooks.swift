import DeepLinkRouting
import HTTPTypes
import HummingbirdTesting
import Testing

extension OpenAPIContractTests {
    /// The webhook calls and the statuses ``driveWebhooks(_:key:otherKey:)`` gets from each.
    static let webhookStatuses: [String: Set<Int>] = [
        "POST /api/v1/webhooks": [201, 400, 401, 413],
        "GET /api/v1/webhooks": [200, 401],
        "GET /api/v1/webhooks/{id}": [200, 401, 404],
        "PATCH /api/v1/webhooks/{id}": [200, 400, 404, 413],
        "DELETE /api/v1/webhooks/{id}": [204, 401, 404],
        "POST /api/v1/webhooks/{id}/rotate-secret": [200, 404],
        "POST /api/v1/webhooks/{id}/test": [202, 404, 409],
        "GET /api/v1/webhooks/{id}/deliveries": [200, 400, 404],
    ]

    /// Drives every webhook call through its statuses (an endpoint on a public address literal,
    /// so that no name is resolved).
    static func driveWebhooks(_ api: Recorder, key: String, otherKey: String) async throws {
        let auth: HTTPFields = .bearer(key)
        let hooks = "/api/v1/webhooks"
        let hook = "/api/v1/webhooks/{id}"
        let created = try await api.call(
            .post, hooks, as: hooks, headers: auth,
            body: #"{"url": "https://192.31.196.10/hooks", "events": ["link.created"], "description": "CRM"}"#)
        let id = try #require(created.json?["id"]?.stringValue)
        try await api.call(
            .post, hooks, as: hooks, headers: auth, body: #"{"url": "https://10.0.0.1/x", "events": ["link.created"]}"#)
        try await api.call(.post, hooks, as: hooks, body: #"{"url": "https://192.31.196.10/x", "events": []}"#)
        try await api.call(
            .post, hooks, as: hooks, headers: auth,
            body: #"{"url": "\#(String(repeating: "a", count: 1_100_000))", "events": []}"#)
        try await api.call(.get, hooks, as: hooks, headers: auth)
        try await api.call(.get, hooks, as: hooks)
        try await api.call(.get, "\(hooks)/\(id)", as: hook, headers: auth)
        try await api.call(.get, "\(hooks)/\(id)", as: hook, headers: .bearer(otherKey))
        try await api.call(.get, "\(hooks)/\(id)", as: hook)
        try await api.call(.patch, "\(hooks)/\(id)", as: hook, headers: auth, body: #"{"events": ["link.clicked"]}"#)
        try await api.call(.patch, "\(hooks)/\(id)", as: hook, headers: auth, body: #"{"events": ["nope"]}"#)
        try await api.call(.patch, "\(hooks)/missing", as: hook, headers: auth, body: "{}")
        try await api.call(
            .patch, "\(hooks)/\(id)", as: hook, headers: auth,
            body: #"{"description": "\#(String(repeating: "a", count: 1_100_000))"}"#)
        try await api.call(.post, "\(hooks)/\(id)/rotate-secret", as: "\(hook)/rotate-secret", headers: auth)
        try await api.call(.post, "\(hooks)/missing/rotate-secret", as: "\(hook)/rotate-secret", headers: auth)
        try await api.call(.post, "\(hooks)/\(id)/test", as: "\(hook)/test", headers: auth)
        try await api.call(.post, "\(hooks)/missing/test", as: "\(hook)/test", headers: auth)
        try await api.call(.get, "\(hooks)/\(id)/deliveries?limit=5", as: "\(hook)/deliveries", headers: auth)
        try await api.call(.get, "\(hooks)/\(id)/deliveries?limit=0", as: "\(hook)/deliveries", headers: auth)
        try await api.call(.get, "\(hooks)/missing/deliveries", as: "\(hook)/deliveries", headers: auth)
        try await api.call(.patch, "\(hooks)/\(id)", as: hook, headers: auth, body: #"{"enabled": false}"#)
        try await api.call(.post, "\(hooks)/\(id)/test", as: "\(hook)/test", headers: auth)
        try await api.call(.delete, "\(hooks)/\(id)", as: hook)
        try await api.call(.delete, "\(hooks)/\(id)", as: hook, headers: auth)
        try await api.call(.delete, "\(hooks)/\(id)", as: hook, headers: auth)
    }
}
