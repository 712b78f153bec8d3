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

/// What a rule or variant decided travels on: the claim token carries it (so the app opens what
/// the visitor was sent to), the stats count it, and `?d=1` explains it.
@Suite("Rule and variant choices")
struct RuleChoiceTests {
    static let members = #"""
        "rules": [{"name": "Android", "when": [{"device": "android"}], "destination": "https://localhost/item/7"}],
        "variants": [{"destination": "https://localhost/item/100", "weight": 50}, {"destination": "https://localhost/item/200", "weight": 50}]
        """#

    static func withServer(_ body: @Sendable (any TestClientProtocol, String) async throws -> Void) async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlush = .synchronous
        try await TestService.withLink(
            #"{"destination": "https://localhost/item/42", "slug": "ab", \#(members)}"#, tenant: "local",
            manifests: [DeferredTenants.local], configuration: configuration, body)
    }

    @Test("a claim answers the destination of the rule or variant the visit was sent to")
    func claimCarriesChoice() async throws {
        try await Self.withServer { client, _ in
            let android = try await client.execute(
                uri: "/ab", method: .get, headers: DeferredTenants.visitor(Agents.android))
            let androidToken = try #require(DeferredTenants.token(inPlayStoreURL: android.headers[.location] ?? ""))
            let androidClaim = try await DeferredTenants.claim(androidToken, via: client)
            #expect(androidClaim.json?[path: "destination"] == "https://localhost/item/7")

            for variant in 0..<2 {
                let iPhone = try await client.execute(
                    uri: "/ab", method: .get,
                    headers: DeferredTenants.visitor(Agents.iPhone) + [.cookie: "wf_v_ab=\(variant)"])
                let token = try #require(
                    DeferredTenants.claimURL(inPage: iPhone.text).flatMap(DeferredTenants.token(inClaimURL:)))
                let claim = try await DeferredTenants.claim(token, via: client)
                #expect(claim.json?[path: "destination"] == "https://localhost/item/\(variant == 0 ? 100 : 200)")
            }
        }
    }

    @Test("stats count people's clicks per rule (with its name) and per variant")
    func stats() async throws {
        try await Self.withServer { client, key in
            for _ in 0..<3 {
                _ = try await client.execute(uri: "/ab", method: .get, headers: DeferredTenants.visitor(Agents.android))
            }
            for (variant, visits) in [(0, 2), (1, 4)] {
                for _ in 0..<visits {
                    _ = try await client.execute(
                        uri: "/ab", method: .get,
                        headers: DeferredTenants.visitor(Agents.desktop) + [.cookie: "wf_v_ab=\(variant)"])
                }
            }
            // Bots are not counted per rule or variant, as not in clicks.
            _ = try await client.execute(uri: "/ab", method: .get, headers: DeferredTenants.visitor("curl/8.5.0"))
            let stats = try #require(
                try await client.execute(uri: "/api/v1/links/ab/stats", method: .get, headers: .bearer(key)).json)
            let rules = try #require(stats["rules"]?.arrayValue)
            #expect(rules.count == 1)
            #expect(rules[0][path: "index"] == "0")
            #expect(rules[0][path: "name"] == "Android")
            #expect(rules[0][path: "clicks"] == "3")
            let variants = try #require(stats["variants"]?.arrayValue)
            #expect(variants.map { $0[path: "clicks"] } == ["2", "4"])
            #expect(stats[path: "clicks"] == "9")
        }
    }

    @Test("?d=1 says which rule or variant decides each simulated visitor, with the typed inputs")
    func debugPage() async throws {
        try await Self.withServer { client, key in
            _ = try await client.execute(
                uri: "/api/v1/links/ab", method: .patch, headers: .bearer(key),
                body: ByteBuffer(
                    string:
                        #"{"rules": [{"name": "Austria", "when": [{"country": "AT"}, {"language": "de"}], "destination": "https://localhost/item/8"}, {"name": "Office", "when": [{"ip": "203.0.113.0/24"}], "destination": "https://localhost/item/9"}]}"#
                ))
            let plain = try await client.execute(
                uri: "/ab?d=1", method: .get, headers: DeferredTenants.visitor(Agents.desktop))
            #expect(plain.status == .ok)
            #expect(plain.text.contains("Decided by no rule holds; A/B split (50% / 50%): variant 1"))
            #expect(plain.text.contains(#"<label for="debug-country">Country"#))
            #expect(plain.text.contains(#"<label for="debug-language">Language"#))
            #expect(plain.text.contains(#"<label for="debug-ip">IP address"#))
            #expect(plain.headers[.contentSecurityPolicy]?.contains("form-action 'self'") == true)

            let austria = try await client.execute(
                uri: "/ab?d=1&country=at&language=de-AT", method: .get, headers: DeferredTenants.visitor(Agents.desktop)
            )
            #expect(
                austria.text.contains("Decided by rule 1 “Austria”: all its conditions hold (country AT, language de)"))
            #expect(austria.text.contains(#"value="de-AT""#))
            let office = try await client.execute(
                uri: "/ab?d=1&ip=203.0.113.50", method: .get, headers: DeferredTenants.visitor(Agents.desktop))
            #expect(office.text.contains("Decided by rule 2 “Office”: all its conditions hold (IP 203.0.113.0/24)"))
            // The browser's own variant, from its cookie.
            let mine = try await client.execute(
                uri: "/ab?d=1", method: .get, headers: DeferredTenants.visitor(Agents.desktop) + [.cookie: "wf_v_ab=1"])
            #expect(
                mine.text.contains("variant 2 (your browser&#39;s variant)")
                    || mine.text.contains("variant 2 (your browser"))
        }
    }
}
