import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// Rules and variants decide real visits: the first rule that holds sends the visit to its
/// target, the redirect table still applies to it, and otherwise the link (or its A/B split)
/// decides.
@Suite("Rule redirects")
struct RuleRedirectTests {
    static let web = "https://www.stories.example.com"

    /// Runs `body` with a server that has the link `campaign` made with `members`.
    static func withLink(
        _ members: String, configuration: LinkServiceConfiguration = LinkServiceConfiguration(port: 0),
        clock: ServiceClock = .system, testing: TestTransport = .router,
        _ body: @Sendable (any TestClientProtocol, String) async throws -> Void
    ) async throws {
        try await TestService.withLink(
            #"{"destination": "\#(web)/home", "slug": "campaign", \#(members)}"#, configuration: configuration,
            clock: clock, testing: testing, body)
    }

    static func location(
        _ client: some TestClientProtocol, uri: String = "/campaign", agent: String = Agents.desktop,
        extra: HTTPFields = [:]
    ) async throws -> String? {
        var headers = HTTPFields.visitor(agent)
        headers.append(contentsOf: extra)
        let response = try await client.execute(uri: uri, method: .get, headers: headers)
        return response.headers[.location]
    }

    /// Expects the visit's `Location` to be `expected`.
    static func expectLocation(
        _ client: some TestClientProtocol, uri: String = "/campaign", agent: String = Agents.desktop,
        extra: HTTPFields = [:], _ expected: String, sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) async throws {
        let location = try await location(client, uri: uri, agent: agent, extra: extra)
        #expect(location == expected, sourceLocation: sourceLocation)
    }

    static let rules = #"""
        "rules": [
          {"name": "German speakers", "when": [{"language": "de"}], "destination": "\#(web)/de"},
          {"when": [{"device": "android"}], "fallbacks": {"android": "\#(web)/android"}},
          {"when": [{"query": "ref", "equals": "newsletter"}], "destination": "\#(web)/hello"},
          {"when": [{"query": "ref"}], "destination": "\#(web)/any-ref"},
          {"when": [{"device": "desktop"}, {"language": "fr"}], "destination": "\#(web)/fr-desktop"}
        ]
        """#

    @Test("the first rule that holds decides; without one the link does")
    func firstMatchWins() async throws {
        try await Self.withLink(Self.rules) { client, _ in
            let german: HTTPFields = [.acceptLanguage: "de-AT, fr;q=0.9"]
            try await Self.expectLocation(client, extra: german, Self.web + "/de")
            try await Self.expectLocation(client, extra: [.acceptLanguage: "fr"], Self.web + "/fr-desktop")
            try await Self.expectLocation(client, uri: "/campaign?ref=newsletter", Self.web + "/hello")
            try await Self.expectLocation(client, uri: "/campaign?ref=friend", Self.web + "/any-ref")
            try await Self.expectLocation(client, Self.web + "/home")
            // A rule that changes only Android's fallback: Android goes there, the destination stays.
            try await Self.expectLocation(client, agent: Agents.android, Self.web + "/android")
        }
    }

    @Test("the API answers the rules as they were written")
    func readBack() async throws {
        try await Self.withLink(Self.rules) { client, key in
            let read = try await client.execute(uri: "/api/v1/links/campaign", method: .get, headers: .bearer(key))
            let rules = try #require(read.json?["rules"]?.arrayValue)
            #expect(rules.count == 5)
            #expect(rules[0][path: "name"] == "German speakers")
            #expect(rules[2]["when"]?.arrayValue?.first?[path: "equals"] == "newsletter")
            #expect(rules[1]["fallbacks"]?[path: "android"] == "\(Self.web)/android")
        }
    }

    @Test("a rule's time window follows the service's clock")
    func timeWindow() async throws {
        let clock = ManualClock(try #require(ISO8601.date(from: "2026-12-23T12:00:00Z")))
        let members = #"""
            "rules": [{"when": [{"after": "2026-12-24T00:00:00Z"}, {"before": "2026-12-27T00:00:00Z"}], "destination": "\#(Self.web)/xmas"}]
            """#
        try await Self.withLink(members, clock: clock.clock) { client, _ in
            try await Self.expectLocation(client, Self.web + "/home")
            clock.advance(by: .seconds(24 * 3600))
            try await Self.expectLocation(client, Self.web + "/xmas")
            clock.advance(by: .seconds(3 * 24 * 3600))
            try await Self.expectLocation(client, Self.web + "/home")
        }
    }

    @Test("a PATCH replaces the rules, and null removes them")
    func patchRules() async throws {
        try await Self.withLink(Self.rules) { client, key in
            let patched = try await client.execute(
                uri: "/api/v1/links/campaign", method: .patch, headers: .bearer(key),
                body: ByteBuffer(
                    string: #"{"rules": [{"when": [{"device": "desktop"}], "destination": "\#(Self.web)/d"}]}"#))
            #expect(patched.status == .ok)
            try await Self.expectLocation(client, extra: [.acceptLanguage: "de"], Self.web + "/d")
            let removed = try await client.execute(
                uri: "/api/v1/links/campaign", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"rules": null}"#))
            #expect(removed.json?["rules"] == nil)
            try await Self.expectLocation(client, extra: [.acceptLanguage: "de"], Self.web + "/home")
        }
    }

    @Test("a variant is chosen when no rule holds, and stays with the browser through its cookie")
    func stickyVariant() async throws {
        let members = #"""
            "rules": [{"when": [{"query": "ref"}], "destination": "\#(Self.web)/ruled"}],
            "variants": [{"destination": "\#(Self.web)/a", "weight": 50}, {"destination": "\#(Self.web)/b", "weight": 50}]
            """#
        try await Self.withLink(members) { client, _ in
            let first = try await client.execute(uri: "/campaign", method: .get, headers: .visitor(Agents.desktop))
            let location = try #require(first.headers[.location])
            #expect(["\(Self.web)/a", "\(Self.web)/b"].contains(location))
            let setCookie = try #require(first.headers[.setCookie])
            #expect(setCookie.hasPrefix("wf_v_campaign="))
            #expect(setCookie.contains("Path=/campaign"))
            let cookie = String(setCookie.prefix { $0 != ";" })
            for _ in 0..<20 {
                let again = try await client.execute(
                    uri: "/campaign", method: .get, headers: .visitor(Agents.desktop) + [.cookie: cookie])
                #expect(again.headers[.location] == location)
                #expect(again.headers[.setCookie] == nil)
            }
            // The other variant for the other cookie value; a rule that holds beats the split.
            let other = cookie.hasSuffix("=0") ? "wf_v_campaign=1" : "wf_v_campaign=0"
            let switched = try await client.execute(
                uri: "/campaign", method: .get, headers: .visitor(Agents.desktop) + [.cookie: other])
            #expect(switched.headers[.location] != location)
            try await Self.expectLocation(client, uri: "/campaign?ref=x", extra: [.cookie: cookie], Self.web + "/ruled")
            // A cookie naming no variant gets a fresh choice.
            let stale = try await client.execute(
                uri: "/campaign", method: .get, headers: .visitor(Agents.desktop) + [.cookie: "wf_v_campaign=7"])
            #expect(stale.headers[.setCookie]?.hasPrefix("wf_v_campaign=") == true)
        }
    }

    @Test("the country header is believed only from a trusted proxy")
    func countryHeader() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.countryHeader = "CF-IPCountry"
        configuration.trustedProxies = ["127.0.0.1"]
        let members = #""rules": [{"when": [{"country": ["DE", "AT"]}], "destination": "\#(Self.web)/dach"}]"#
        try await Self.withLink(members, configuration: configuration, testing: .live) { client, _ in
            let country = HTTPField.Name("CF-IPCountry")!
            try await Self.expectLocation(client, extra: [country: "AT"], Self.web + "/dach")
            try await Self.expectLocation(client, extra: [country: "at"], Self.web + "/dach")
            try await Self.expectLocation(client, extra: [country: "FR"], Self.web + "/home")
            try await Self.expectLocation(client, extra: [country: "XX"], Self.web + "/home")
            try await Self.expectLocation(client, Self.web + "/home")
        }
        configuration.trustedProxies = ["10.9.9.9"]
        try await Self.withLink(members, configuration: configuration, testing: .live) { client, _ in
            let country = HTTPField.Name("CF-IPCountry")!
            try await Self.expectLocation(client, extra: [country: "AT"], Self.web + "/home")
        }
    }

    @Test("ip conditions read the client address under the trusted-proxy rules")
    func clientAddress() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.trustedProxies = ["127.0.0.1"]
        let members =
            #""rules": [{"when": [{"ip": ["198.51.100.0/24", "2001:db8::/32"]}], "destination": "\#(Self.web)/office"}]"#
        try await Self.withLink(members, configuration: configuration, testing: .live) { client, _ in
            let forwarded = HTTPField.Name("X-Forwarded-For")!
            try await Self.expectLocation(client, extra: [forwarded: "198.51.100.23"], Self.web + "/office")
            try await Self.expectLocation(client, extra: [forwarded: "2001:db8::7"], Self.web + "/office")
            try await Self.expectLocation(client, extra: [forwarded: "203.0.113.1"], Self.web + "/home")
            // The leftmost entry is the client's own say: not believed.
            try await Self.expectLocation(client, extra: [forwarded: "198.51.100.23, 203.0.113.1"], Self.web + "/home")
        }
    }
}

extension HTTPFields {
    static func + (lhs: HTTPFields, rhs: HTTPFields) -> HTTPFields {
        var fields = lhs
        fields.append(contentsOf: rhs)
        return fields
    }
}
