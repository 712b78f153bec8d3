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

/// A click carries the visitor's country whenever the server has a country source (not only when a
/// rule reads it), looked up once per visit, and `link.clicked` webhooks carry `country`, `rule`
/// and `variant`.
@Suite("Click country")
struct ClickCountryTests {
    static let web = "https://www.stories.example.com/story"

    /// Counts the questions it is asked.
    final class CountingLookup: CountryLookup, @unchecked Sendable {
        private let lock = NSLock()
        private var asked = 0
        var count: Int { lock.withLock { asked } }

        func country(of origin: VisitorOrigin) -> String? {
            lock.withLock { asked += 1 }
            return origin.headers[HTTPField.Name("CF-IPCountry")!]
        }
    }

    @Test("a visit asks its country source at most once, and never without a source")
    func once() {
        let lookup = CountingLookup()
        var country = VisitCountry(lookup: lookup)
        var built = 0
        func origin() -> VisitorOrigin {
            built += 1
            return VisitorOrigin(
                peerAddress: "127.0.0.1", clientAddress: "127.0.0.1",
                headers: [HTTPField.Name("CF-IPCountry")!: "DE"])
        }
        #expect(country.country(of: origin()) == "DE")
        #expect(country.country(of: origin()) == "DE")
        #expect(lookup.count == 1)
        #expect(built == 1)
        var none = VisitCountry(lookup: nil)
        #expect(none.country(of: origin()) == nil)
        #expect(built == 1)
        // An unknown country is an answer too: not asked again.
        let unknown = CountingLookup()
        var missing = VisitCountry(lookup: unknown)
        let empty = VisitorOrigin(peerAddress: nil, clientAddress: "::1", headers: [:])
        #expect(missing.country(of: empty) == nil)
        #expect(missing.country(of: empty) == nil)
        #expect(unknown.count == 1)
    }

    static func clickBodies(
        link body: String, configuration: LinkServiceConfiguration, visit: HTTPFields
    ) async throws -> [JSONNode] {
        var configuration = configuration
        configuration.clickFlush = .synchronous
        configuration.webhooks.deliver = false
        let service = try await TestService.make(configuration: configuration)
        let key = try await service.key(for: "storyteller")
        let start = Date()
        _ = try await service.store.insertWebhookEndpoint(
            WebhookEndpoint(
                id: "wh_clicks", tenant: "storyteller", url: "https://hooks.example.com/c", events: [.linkClicked],
                description: "d", secret: "whsec_" + Data(repeating: 7, count: 32).base64EncodedString(),
                createdAt: start, updatedAt: start),
            limit: 10)
        try await service.server.makeApplication().testLive { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: body))
            try #require(created.status == .created, "\(created.text)")
            let visited = try await client.execute(
                uri: "/c", method: .get, headers: .visitor(Agents.desktop) + visit)
            #expect(visited.status == .found)
        }
        let now = Date().addingTimeInterval(5)
        let messages = try await service.store.claimWebhookMessages(
            owner: "test", now: now, leaseUntil: now.addingTimeInterval(60), limit: 10)
        await service.close()
        return try messages.filter { $0.type == .linkClicked }.map { try JSONParser().parse($0.payload) }
    }

    static var headerConfiguration: LinkServiceConfiguration {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.countryHeader = "CF-IPCountry"
        configuration.trustedProxies = ["127.0.0.1", "::1"]
        return configuration
    }

    @Test("with a country header, a link without rules still records the country in link.clicked")
    func countryWithoutRules() async throws {
        let bodies = try await Self.clickBodies(
            link: #"{"destination": "\#(Self.web)", "slug": "c"}"#, configuration: Self.headerConfiguration,
            visit: [HTTPField.Name("CF-IPCountry")!: "at"])
        try #require(bodies.count == 1)
        let click = bodies[0]["data"]?["click"]
        #expect(click?["country"]?.stringValue == "AT")
        #expect(click?["rule"] == nil)
        #expect(click?["variant"] == nil)
    }

    @Test("link.clicked carries the rule that decided the visit, or the variant, with the country")
    func ruleAndVariant() async throws {
        let ruled = try await Self.clickBodies(
            link:
                #"{"destination": "\#(Self.web)", "slug": "c", "rules": [{"when": [{"language": "fr"}], "destination": "\#(Self.web)/fr"}, {"when": [{"country": "DE"}], "destination": "\#(Self.web)/de"}]}"#,
            configuration: Self.headerConfiguration, visit: [HTTPField.Name("CF-IPCountry")!: "DE"])
        try #require(ruled.count == 1)
        #expect(ruled[0]["data"]?["click"]?["country"]?.stringValue == "DE")
        #expect(ruled[0]["data"]?["click"]?[path: "rule"] == "1")
        let split = try await Self.clickBodies(
            link:
                #"{"destination": "\#(Self.web)", "slug": "c", "variants": [{"destination": "\#(Self.web)/a", "weight": 50}, {"destination": "\#(Self.web)/b", "weight": 50}]}"#,
            configuration: LinkServiceConfiguration(port: 0), visit: [HTTPField.Name.cookie: "wf_v_c=1"])
        try #require(split.count == 1)
        #expect(split[0]["data"]?["click"]?[path: "variant"] == "1")
        #expect(split[0]["data"]?["click"]?["country"] == nil)
    }
}
