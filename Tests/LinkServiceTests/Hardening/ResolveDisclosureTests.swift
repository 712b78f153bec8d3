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

/// `GET /api/v1/resolve` takes no key, so it answers only what an installed app needs to open a
/// link (id, short URL, slug, destination, route, parameters): never the link's settings, which
/// can hold internal addresses and secret query values, and nothing of a protected link.
@Suite("Resolve discloses nothing but the destination")
struct ResolveDisclosureTests {
    static let web = "https://www.stories.example.com"
    static let resolve = "/api/v1/resolve?url=https://stories.example.com/campaign"

    /// A link with every setting the resolve call must keep to itself.
    static let everything = #"""
        {"destination": "https://stories.example.com/story/42", "slug": "campaign",
         "rules": [
           {"when": [{"ip": "10.20.0.0/16"}], "destination": "\#(web)/staff"},
           {"when": [{"query": "code", "equals": "s3cret-code"}], "destination": "\#(web)/vip"}
         ],
         "variants": [{"destination": "\#(web)/a", "weight": 50}, {"destination": "\#(web)/b", "weight": 50}],
         "tags": ["internal-launch"],
         "utm": {"source": "partner-mail", "campaign": "q3-secret"},
         "fallbacks": {"desktop": "\#(web)/desktop", "ios": "\#(web)/ios", "android": "\#(web)/android"},
         "social": {"title": "Spring", "description": "Read it", "imageURL": "\#(web)/card.png"},
         "expiresAt": "2099-01-01T00:00:00Z", "expiredURL": "\#(web)/over"}
        """#

    @Test(
        "resolve never answers a link's settings",
        arguments: [
            "rules", "variants", "tags", "utm", "fallbacks", "social", "expiresAt", "expiredURL", "domain",
            "skipPreview", "passwordProtected", "createdAt", "updatedAt", "name",
        ])
    func settingIsNotAnswered(member: String) async throws {
        try await TestService.withLink(Self.everything) { client, _ in
            let response = try await client.execute(uri: Self.resolve, method: .get)
            #expect(response.status == .ok)
            #expect(response.json?[member] == nil, "resolve answered \(member)")
            for secret in ["10.20.0.0/16", "s3cret-code", "internal-launch", "q3-secret", "/desktop", "/over"] {
                #expect(!response.text.contains(secret), "resolve answered \(secret)")
            }
        }
    }

    @Test("resolve answers what the app opens: id, short URL, slug, destination, route and parameters")
    func answersWhatTheAppNeeds() async throws {
        try await TestService.withLink(Self.everything) { client, key in
            let read = try await client.execute(uri: "/api/v1/links/campaign", method: .get, headers: .bearer(key))
            let response = try await client.execute(uri: Self.resolve, method: .get)
            #expect(response.status == .ok)
            let keys = Set(response.json?.objectValue?.map(\.key) ?? [])
            #expect(keys == ["id", "url", "slug", "destination", "route", "parameters", "clickId"])
            #expect(response.json?[path: "id"] == read.json?[path: "id"])
            #expect(response.json?[path: "url"] == "https://stories.example.com/campaign")
            #expect(response.json?[path: "slug"] == "campaign")
            #expect(response.json?[path: "destination"] == "https://stories.example.com/story/42")
            #expect(response.json?[path: "route"] == "story")
            #expect(response.json?[path: "parameters.storyId"] == "42")
        }
    }

    @Test("resolve of a password-protected link is 401 password-required, without destination, route or parameters")
    func protectedLinkIsRefused() async throws {
        try await TestService.withLink(
            #"{"destination": "https://stories.example.com/story/7", "slug": "campaign", "password": "open sesame", "fallbacks": {"desktop": "\#(Self.web)/members"}}"#
        ) { client, _ in
            let response = try await client.execute(uri: Self.resolve, method: .get)
            #expect(response.status == .unauthorized)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(response.json?[path: "type"] == "urn:wayfinder:problem:password-required")
            for member in ["destination", "route", "parameters", "fallbacks", "id", "slug"] {
                #expect(response.json?[member] == nil, "a protected link's resolve answered \(member)")
            }
            for secret in ["/story/7", "/members", "storyId"] {
                #expect(!response.text.contains(secret), "a protected link's resolve answered \(secret)")
            }
        }
    }

    @Test("resolve of an expired link answers as its visit: the expiredURL, or 410 link-expired")
    func expiredLinkAnswersAsTheVisit() async throws {
        let clock = ManualClock(try #require(ISO8601.date(from: "2026-06-01T12:00:00Z")))
        try await TestService.withLink(
            #"{"destination": "\#(Self.web)/sale", "slug": "campaign", "expiresAt": "2026-06-02T00:00:00Z", "expiredURL": "https://stories.example.com/story/9"}"#,
            clock: clock.clock
        ) { client, key in
            clock.advance(by: .seconds(13 * 3600))
            let visit = try await client.execute(uri: "/campaign", method: .get, headers: .visitor(Agents.desktop))
            let response = try await client.execute(uri: Self.resolve, method: .get)
            #expect(response.status == .ok)
            #expect(response.json?[path: "destination"] == visit.headers[.location])
            #expect(response.json?[path: "route"] == "story")
            #expect(response.json?[path: "parameters.storyId"] == "9")
            #expect(response.json?["expired"]?.boolValue == true)
            _ = try await client.execute(
                uri: "/api/v1/links/campaign", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"expiredURL": null}"#))
            let gone = try await client.execute(uri: Self.resolve, method: .get)
            #expect(gone.status == .gone)
            #expect(gone.json?[path: "type"] == "urn:wayfinder:problem:link-expired")
            #expect(!gone.text.contains("/sale"))
        }
    }
}
