import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// After `expiresAt` a link sends every visitor (crawlers too) to its `expiredURL`, or answers
/// `410` with a page that says it has expired; the API still shows it, with `"expired": true`.
@Suite("Link expiry")
struct ExpiryTests {
    static let web = "https://www.stories.example.com"

    static func withExpiringLink(
        _ members: String, _ body: @Sendable (any TestClientProtocol, String, ManualClock) async throws -> Void
    ) async throws {
        let clock = ManualClock(try #require(ISO8601.date(from: "2026-06-01T12:00:00Z")))
        try await TestService.withLink(
            #"{"destination": "\#(web)/sale", "slug": "sale", "expiresAt": "2026-06-02T00:00:00Z", "social": {"title": "Summer sale"}\#(members)}"#,
            clock: clock.clock
        ) { client, key in
            let read = try await client.execute(uri: "/api/v1/links/sale", method: .get, headers: .bearer(key))
            #expect(read.json?["expired"]?.boolValue == false)
            try await body(client, key, clock)
        }
    }

    @Test(
        "before expiry the link redirects; after it, every visitor is sent to expiredURL",
        arguments: [
            Agents.desktop, Agents.iPhone, Agents.android, Agents.facebook,
        ])
    func expiredURL(agent: String) async throws {
        try await Self.withExpiringLink(#", "expiredURL": "\#(Self.web)/sale-over""#) { client, key, clock in
            let before = try await client.execute(uri: "/sale", method: .get, headers: .visitor(Agents.desktop))
            #expect(before.headers[.location] == "\(Self.web)/sale")
            clock.advance(by: .seconds(13 * 3600))
            let after = try await client.execute(uri: "/sale", method: .get, headers: .visitor(agent))
            #expect(after.status == .found)
            #expect(after.headers[.location] == "\(Self.web)/sale-over")
            let read = try await client.execute(uri: "/api/v1/links/sale", method: .get, headers: .bearer(key))
            #expect(read.status == .ok)
            #expect(read.json?["expired"]?.boolValue == true)
            #expect(read.json?[path: "expiredURL"] == "\(Self.web)/sale-over")
        }
    }

    @Test(
        "without expiredURL an expired link answers 410 with the expired page, crawlers too",
        arguments: [
            Agents.desktop, Agents.iPhone, Agents.facebook,
        ])
    func expiredPage(agent: String) async throws {
        try await Self.withExpiringLink("") { client, _, clock in
            clock.advance(by: .seconds(12 * 3600))
            let response = try await client.execute(uri: "/sale", method: .get, headers: .visitor(agent))
            #expect(response.status == .gone)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = response.text
            #expect(html.contains("This link has expired"))
            #expect(html.contains("Summer sale"))
            #expect(html.contains(#"<a class="button" href="https://www.stories.example.com">Go to Storyteller</a>"#))
            #expect(html.contains("noindex"))
            #expect(!html.contains("\(Self.web)/sale\""))
            // The debug page of an expired link is the expired answer too.
            let debug = try await client.execute(uri: "/sale?d=1", method: .get, headers: .visitor(agent))
            #expect(debug.status == .gone)
        }
    }

    @Test("a PATCH can move expiresAt and expiredURL, and null removes expiredURL")
    func patchExpiry() async throws {
        try await Self.withExpiringLink(#", "expiredURL": "\#(Self.web)/over""#) { client, key, clock in
            clock.advance(by: .seconds(13 * 3600))
            let removed = try await client.execute(
                uri: "/api/v1/links/sale", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"expiredURL": null}"#))
            #expect(removed.status == .ok)
            #expect(removed.json?["expiredURL"] == nil)
            let gone = try await client.execute(uri: "/sale", method: .get, headers: .visitor(Agents.desktop))
            #expect(gone.status == .gone)
            let extended = try await client.execute(
                uri: "/api/v1/links/sale", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"expiresAt": "2027-01-01T00:00:00Z"}"#))
            #expect(extended.json?["expired"]?.boolValue == false)
            let back = try await client.execute(uri: "/sale", method: .get, headers: .visitor(Agents.desktop))
            #expect(back.headers[.location] == "\(Self.web)/sale")
        }
    }
}
