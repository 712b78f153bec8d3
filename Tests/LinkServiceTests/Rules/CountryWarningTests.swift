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

/// A `country` condition on a server that knows no visitor's country is stored as asked, and the
/// answer to the write carries a warning naming the condition; with a country source, no warning.
@Suite("Country warning")
struct CountryWarningTests {
    static let web = "https://www.stories.example.com/story"
    static let countryRules =
        #""rules": [{"when": [{"device": "ios"}], "destination": "\#(web)/1"}, {"when": [{"language": "de"}, {"country": ["DE", "AT"]}], "destination": "\#(web)/2"}]"#

    static func warnings(_ node: JSONNode?) -> [(code: String, field: String)] {
        (node?["warnings"]?.arrayValue ?? []).map { ($0[path: "code"] ?? "", $0[path: "field"] ?? "") }
    }

    @Test("without --geoip or a country header, create and PATCH answer the link with a warning at the condition")
    func warned() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "geo", \#(Self.countryRules)}"#))
            #expect(created.status == .created)
            #expect(Self.warnings(created.json).map(\.field) == ["rules[1].when[1].country"])
            #expect(Self.warnings(created.json).map(\.code) == ["country-unknown"])
            #expect(created.json?["warnings"]?.arrayValue?.first?[path: "detail"]?.contains("--geoip") == true)
            // Stored as asked; reads do not repeat the warning.
            let read = try await client.execute(uri: "/api/v1/links/geo", method: .get, headers: .bearer(key))
            #expect(read.json?["rules"]?.arrayValue?.count == 2)
            #expect(read.json?["warnings"] == nil)
            // The same body again (idempotent alias) and a change keep warning.
            let again = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "geo", \#(Self.countryRules)}"#))
            #expect(again.status == .ok)
            #expect(Self.warnings(again.json).count == 1)
            let patched = try await client.execute(
                uri: "/api/v1/links/geo", method: .patch, headers: .bearer(key),
                body: ByteBuffer(
                    string: #"{"rules": [{"when": [{"country": "FR"}], "destination": "\#(Self.web)/fr"}]}"#))
            #expect(patched.status == .ok)
            #expect(Self.warnings(patched.json).map(\.field) == ["rules[0].when[0].country"])
            // A link without a country condition: no warnings.
            let plain = try await client.execute(
                uri: "/api/v1/links/geo", method: .patch, headers: .bearer(key),
                body: ByteBuffer(
                    string: #"{"rules": [{"when": [{"language": "fr"}], "destination": "\#(Self.web)/fr"}]}"#))
            #expect(plain.status == .ok)
            #expect(plain.json?["warnings"] == nil)
        }
        #expect(try await service.store.link(tenant: "storyteller", slug: "geo")?.content.rules.count == 1)
        await service.close()
    }

    @Test("with a country header configured, the same link is written without a warning")
    func notWarned() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.countryHeader = "CF-IPCountry"
        configuration.trustedProxies = ["127.0.0.1"]
        let service = try await TestService.make(configuration: configuration)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "geo", \#(Self.countryRules)}"#))
            #expect(created.status == .created)
            #expect(created.json?["warnings"] == nil)
        }
        await service.close()
    }
}
