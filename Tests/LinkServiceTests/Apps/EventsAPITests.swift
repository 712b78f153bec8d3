import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkStorage
import NIOCore
import Testing

/// `POST /api/v1/events` on a live server: attribution by click id and claim token within the
/// window, never across tenants; dedupe keys; every field checked; events written by the flusher
/// and counted per link.
@Suite("App events")
struct EventsAPITests {
    static func withServer(
        configure: (inout LinkServiceConfiguration) -> Void = { _ in },
        _ body: @Sendable (any TestClientProtocol, _ key: String, _ otherKey: String, TestService) async throws -> Void
    ) async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlushInterval = .milliseconds(50)
        configure(&configuration)
        let service = try await TestService.make(
            manifests: [DeferredTenants.local, DeferredTenants.other], configuration: configuration)
        let key = try await service.key(for: "local")
        let otherKey = try await service.key(for: "other")
        do {
            try await service.server.makeApplication().testLive { client in
                let created = try await client.execute(
                    uri: "/api/v1/links", method: .post,
                    headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                    body: ByteBuffer(string: #"{"destination": "https://localhost/item/42", "slug": "spring"}"#))
                #expect(created.status == .created)
                try await body(client, key, otherKey, service)
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    static func send(_ body: String, key: String, via client: some TestClientProtocol) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/events", method: .post,
            headers: [.authorization: "Bearer \(key)", .contentType: "application/json"], body: ByteBuffer(string: body)
        )
    }

    static func resolveClick(via client: some TestClientProtocol) async throws -> String {
        let resolved = try await client.execute(
            uri: "/api/v1/resolve?url=https%3A%2F%2Flocalhost%2Fspring", method: .get)
        return try #require(resolved.json?[path: "clickId"])
    }

    @Test("an event naming the resolve call's click is attributed to it and its link, and the link's totals count it")
    func attributedByClickID() async throws {
        try await Self.withServer { client, key, _, service in
            let clickID = try await Self.resolveClick(via: client)
            let linkID = try #require(
                try await client.execute(
                    uri: "/api/v1/links/spring", method: .get, headers: [.authorization: "Bearer \(key)"]
                ).json?[path: "id"])
            // At once: the click may still be in the buffer.
            let open = try await Self.send(#"{"name": "open", "clickId": "\#(clickID)"}"#, key: key, via: client)
            #expect(open.status == .accepted)
            #expect(open.json?["attributed"]?.boolValue == true)
            #expect(open.json?[path: "clickId"] == clickID)
            #expect(open.json?[path: "linkId"] == linkID)
            #expect(open.json?[path: "id"]?.hasPrefix("ev_") == true)
            let purchases = try await Self.send(
                #"{"events": [{"name": "purchase", "clickId": "\#(clickID)", "value": 4.99, "currency": "EUR"}, {"name": "purchase", "clickId": "\#(clickID)", "value": 0.01, "currency": "EUR"}, {"name": "purchase", "clickId": "\#(clickID)", "value": 3, "currency": "USD"}]}"#,
                key: key, via: client)
            #expect(purchases.status == .accepted)
            #expect(purchases.json?["events"]?.arrayValue?.count == 3)
            var totals: [String: EventTotals] = [:]
            let written = try await eventually(within: .seconds(10)) {
                totals = try await service.store.eventTotals(tenant: "local", linkID: linkID)
                return totals["purchase"]?.count == 3 && totals["open"]?.count == 1
            }
            #expect(written, "\(totals)")
            #expect(totals["purchase"]?.value == ["EUR": 5.0, "USD": 3.0])
            #expect(try await service.store.eventTotals(tenant: "other", linkID: linkID).isEmpty)
        }
    }

    @Test("an event naming a claim token is attributed to the click that issued it; another tenant's token is unknown")
    func attributedByClaimToken() async throws {
        try await Self.withServer { client, key, otherKey, _ in
            let token = try #require(try await DeferredTenants.androidToken("spring", via: client))
            let clickID = ClickID(nonce: try #require(ClaimToken.parse(token)).token.nonce).text
            let install = try await Self.send(#"{"name": "install", "claimToken": "\#(token)"}"#, key: key, via: client)
            #expect(install.status == .accepted)
            #expect(install.json?["attributed"]?.boolValue == true)
            #expect(install.json?[path: "clickId"] == clickID)
            let foreign = try await Self.send(
                #"{"name": "install", "claimToken": "\#(token)"}"#, key: otherKey, via: client)
            #expect(foreign.status == .accepted)
            #expect(foreign.json?["attributed"]?.boolValue == false)
            #expect(foreign.json?[path: "clickId"] == nil)
        }
    }

    @Test("a click of another tenant, an unknown click, and a click older than the window attribute nothing")
    func unattributed() async throws {
        try await Self.withServer { client, key, otherKey, service in
            let clickID = try await Self.resolveClick(via: client)
            let foreign = try await Self.send(
                #"{"name": "open", "clickId": "\#(clickID)"}"#, key: otherKey, via: client)
            #expect(foreign.status == .accepted)
            #expect(foreign.json?["attributed"]?.boolValue == false)
            let unknown = try await Self.send(
                #"{"name": "open", "clickId": "\#(ClickID.random().text)"}"#, key: key, via: client)
            #expect(unknown.json?["attributed"]?.boolValue == false)

            // A click eight days old: outside the default window of seven.
            let old = ClickID.random()
            try await service.store.insertClicks([
                Click(
                    linkID: nil, tenant: "local", time: Date().addingTimeInterval(-8 * 86_400), platform: .ios, id: old)
            ])
            let late = try await Self.send(#"{"name": "open", "clickId": "\#(old.text)"}"#, key: key, via: client)
            #expect(late.json?["attributed"]?.boolValue == false)
            // The same click, for an event that happened within the window.
            let early = try await Self.send(
                #"{"name": "open", "clickId": "\#(old.text)", "occurredAt": "\#(ISO8601.string(from: Date().addingTimeInterval(-7.5 * 86_400)))"}"#,
                key: key, via: client)
            #expect(early.json?["attributed"]?.boolValue == true)
        }
    }

    @Test(
        "when the event buffer cannot take a whole call, none of its events are taken: 503 event-buffer-full with Retry-After, and a later call that fits is taken"
    )
    func fullBufferRefusesTheWholeCall() async throws {
        // No flush before the buffer is full: a batch of 1,000 and a flush an hour apart.
        try await Self.withServer(configure: {
            $0.clickBatchSize = 1_000
            $0.clickBufferLimit = 1_000
            $0.clickFlushInterval = .seconds(3_600)
        }) { client, key, _, service in
            func batch(_ count: Int, prefix: String) -> String {
                let events = (0..<count).map { #"{"name": "purchase", "dedupeKey": "\#(prefix)-\#($0)"}"# }
                return #"{"events": ["# + events.joined(separator: ",") + "]}"
            }
            #expect(try await Self.send(batch(600, prefix: "a"), key: key, via: client).status == .accepted)
            let refused = try await Self.send(batch(600, prefix: "b"), key: key, via: client)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.retryAfter] == "5")
            #expect(refused.json?[path: "type"] == "urn:wayfinder:problem:event-buffer-full")
            #expect(service.server.events.count == 600)
            // Refused events were not remembered: sent again, a key of them is new, not a duplicate.
            // 900 stay under a full batch, so nothing wakes the flusher before the count is read.
            #expect(try await Self.send(batch(300, prefix: "b"), key: key, via: client).status == .accepted)
            #expect(service.server.events.count == 900)
        }
    }

    @Test("an event with a dedupe key sent before gets the first answer and is stored once")
    func dedupe() async throws {
        try await Self.withServer { client, key, otherKey, service in
            let clickID = try await Self.resolveClick(via: client)
            let event =
                #"{"name": "purchase", "clickId": "\#(clickID)", "value": 10, "currency": "USD", "dedupeKey": "order-1"}"#
            let first = try await Self.send(event, key: key, via: client)
            let again = try await Self.send(event, key: key, via: client)
            let inBatch = try await Self.send(#"{"events": [\#(event), \#(event)]}"#, key: key, via: client)
            let firstID = try #require(first.json?[path: "id"])
            #expect(again.json?[path: "id"] == firstID)
            #expect(inBatch.json?["events"]?.arrayValue?.map { $0[path: "id"] } == [firstID, firstID])
            // Another tenant's key is its own.
            let other = try await Self.send(
                #"{"name": "purchase", "dedupeKey": "order-1"}"#, key: otherKey, via: client)
            #expect(other.json?[path: "id"] != firstID)
            let stored = try await eventually(within: .seconds(10)) {
                try await service.store.event(tenant: "local", dedupeKey: "order-1")?.id == firstID
            }
            #expect(stored)
            // Once written, a retry still gets the first answer, from the store.
            let later = try await Self.send(event, key: key, via: client)
            #expect(later.json?[path: "id"] == firstID)
            let linkID = try #require(
                try await service.store.click(tenant: "local", id: ClickID(parsing: clickID)!)?.linkID)
            #expect(try await service.store.eventTotals(tenant: "local", linkID: linkID)["purchase"]?.count == 1)
        }
    }

    @Test("every field out of range is a 400 problem naming it, in a batch with the event's index")
    func validation() async throws {
        try await Self.withServer { client, key, _, _ in
            let cases: [(body: String, field: String, code: String)] = [
                (#"{"name": "purchase", "value": 5, "currency": "XYZ"}"#, "currency", "unknown-currency"),
                (#"{"name": "purchase", "value": -1, "currency": "USD"}"#, "value", "invalid-value"),
                (#"{"name": "purchase", "value": 5}"#, "currency", "missing-field"),
                (#"{"name": "Sign Up"}"#, "name", "invalid-event-name"),
                (#"{"name": "click"}"#, "name", "invalid-event-name"),
                (#"{"name": "\#(String(repeating: "a", count: 65))"}"#, "name", "too-long"),
                (#"{"value": 1}"#, "name", "missing-field"),
                (#"{"name": "open", "clickId": "abc"}"#, "clickId", "invalid-click-id"),
                (#"{"name": "open", "claimToken": "abc"}"#, "claimToken", "invalid-field"),
                (#"{"name": "open", "colour": "red"}"#, "colour", "unknown-field"),
                (#"{"name": "open", "occurredAt": "yesterday"}"#, "occurredAt", "invalid-field"),
                (#"{"name": "open", "occurredAt": "2999-01-01T00:00:00Z"}"#, "occurredAt", "invalid-field"),
                (#"{"name": "open", "occurredAt": "1969-12-31T23:59:59Z"}"#, "occurredAt", "invalid-field"),
                (#"{"name": "open", "link": "nope"}"#, "link", "invalid-field"),
                (
                    #"{"events": [{"name": "open"}, {"name": "buy", "value": 1, "currency": "usd"}]}"#,
                    "events[1].currency", "unknown-currency"
                ),
                (#"{"events": []}"#, "events", "invalid-field"),
                ("[1]", "$", "wrong-type"),
            ]
            for (body, field, code) in cases {
                let response = try await Self.send(body, key: key, via: client)
                #expect(response.status == .badRequest, "\(body)")
                #expect(response.headers[.contentType] == "application/problem+json")
                if field != "$" { #expect(response.json?[path: "field"] == field, "\(body): \(response.text)") }
                #expect(response.json?[path: "type"] == "urn:wayfinder:problem:\(code)", "\(body): \(response.text)")
            }
            let tooMany =
                "{\"events\": [" + Array(repeating: #"{"name": "open"}"#, count: 1_001).joined(separator: ",") + "]}"
            let response = try await Self.send(tooMany, key: key, via: client)
            #expect(response.status == .badRequest)
            #expect(response.json?[path: "field"] == "events")
            let full =
                "{\"events\": [" + Array(repeating: #"{"name": "open"}"#, count: 1_000).joined(separator: ",") + "]}"
            #expect(try await Self.send(full, key: key, via: client).status == .accepted)
        }
    }
}
