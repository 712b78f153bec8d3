import HTTPTypes
import LinkServiceTesting
import Testing

extension OpenAPIContractTests {
    /// The events call and the statuses ``driveEvents(_:key:)`` gets from it.
    static let eventStatuses: [String: Set<Int>] = [
        "POST /api/v1/events": [202, 400, 401, 413]
    ]

    /// Sends one event, a batch, and the refusals: a bad field, no key, a body over the limit.
    static func driveEvents(_ api: Recorder, key: String) async throws {
        let auth: HTTPFields = .bearer(key)
        let events = "/api/v1/events"
        try await api.call(.post, events, as: events, headers: auth, body: #"{"name": "open"}"#)
        try await api.call(
            .post, events, as: events, headers: auth,
            body:
                #"{"events": [{"name": "install", "dedupeKey": "i-1"}, {"name": "purchase", "value": 4.99, "currency": "EUR", "link": "spring"}]}"#
        )
        try await api.call(
            .post, events, as: events, headers: auth, body: #"{"name": "purchase", "value": -1, "currency": "EUR"}"#)
        try await api.call(.post, events, as: events, body: #"{"name": "open"}"#)
        try await api.call(
            .post, events, as: events, headers: auth,
            body: #"{"name": "open", "customerId": "\#(String(repeating: "a", count: 3_000_000))"}"#)
    }
}
