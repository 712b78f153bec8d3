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

/// Bad rules, variants and expiry targets are `400` problems that name the exact JSON path, and
/// nothing is stored: neither by a creation nor by a change.
@Suite("Rule validation")
struct RuleValidationTests {
    static let web = "https://www.stories.example.com/story"

    @Test(
        "bad input is a 400 problem naming the JSON path",
        arguments: [
            (
                #""rules": [{"when": [{"colour": "red"}], "destination": "\#(web)"}]"#, "rules[0].when[0].colour",
                "unknown-condition"
            ),
            (
                #""rules": [{"when": [{"devise": "ios"}], "destination": "\#(web)"}]"#, "rules[0].when[0].devise",
                "unknown-condition"
            ),
            (
                #""rules": [{"when": [{"device": "ios"}], "destination": "\#(web)"}, {"when": [{"ip": "203.0.113.0/33"}], "destination": "\#(web)"}]"#,
                "rules[1].when[0].ip", "invalid-condition"
            ),
            (
                #""rules": [{"when": [{"ip": ["10.0.0.1", "10.0.0/8"]}], "destination": "\#(web)"}]"#,
                "rules[0].when[0].ip[1]", "invalid-condition"
            ),
            (
                #""rules": [{"when": [{"country": "XY"}], "destination": "\#(web)"}]"#, "rules[0].when[0].country",
                "invalid-condition"
            ),
            (
                #""rules": [{"when": [{"country": ["DE", "Germany"]}], "destination": "\#(web)"}]"#,
                "rules[0].when[0].country[1]", "invalid-condition"
            ),
            (
                #""rules": [{"when": [{"device": "phone"}], "destination": "\#(web)"}]"#, "rules[0].when[0].device",
                "invalid-condition"
            ),
            (
                #""rules": [{"when": [{"browser": "netscape"}], "destination": "\#(web)"}]"#,
                "rules[0].when[0].browser", "invalid-condition"
            ),
            (
                #""rules": [{"when": [{"language": "de_DE"}], "destination": "\#(web)"}]"#, "rules[0].when[0].language",
                "invalid-condition"
            ),
            (
                #""rules": [{"when": [{"before": "soon"}], "destination": "\#(web)"}]"#, "rules[0].when[0].before",
                "invalid-condition"
            ),
            (
                #""rules": [{"when": [{"query": "ref", "equals": "a", "valueless": true}], "destination": "\#(web)"}]"#,
                "rules[0].when[0].valueless", "invalid-condition"
            ),
            (
                #""rules": [{"when": [{"device": "ios", "country": "DE"}], "destination": "\#(web)"}]"#,
                "rules[0].when[0]", "unknown-condition"
            ),
            (#""rules": [{"when": [], "destination": "\#(web)"}]"#, "rules[0].when", "invalid-rule"),
            (#""rules": [{"destination": "\#(web)"}]"#, "rules[0].when", "invalid-rule"),
            (#""rules": [{"when": [{"device": "ios"}]}]"#, "rules[0]", "invalid-rule"),
            (#""rules": [{"when": [{"device": "ios"}], "target": "x"}]"#, "rules[0].target", "unknown-field"),
            (#""rules": {"when": []}"#, "rules", "wrong-type"),
            (
                #""rules": [{"when": [{"device": "ios"}], "destination": "https://evil.example.net/"}]"#,
                "rules[0].destination", "invalid-destination"
            ),
            (
                #""rules": [{"when": [{"device": "ios"}], "fallbacks": {"android": "https://evil.example.net/"}}]"#,
                "rules[0].fallbacks.android", "invalid-fallback"
            ),
            (
                #""variants": [{"destination": "\#(web)/a", "weight": 50}, {"destination": "\#(web)/b", "weight": 40}]"#,
                "variants", "invalid-variant"
            ),
            (#""variants": [{"destination": "\#(web)/a", "weight": 100}]"#, "variants", "invalid-variant"),
            (
                #""variants": [{"destination": "\#(web)/a", "weight": 0}, {"destination": "\#(web)/b", "weight": 100}]"#,
                "variants[0].weight", "invalid-variant"
            ),
            (
                #""variants": [{"destination": "\#(web)/a", "weight": 50}, {"destination": "https://evil.example.net/", "weight": 50}]"#,
                "variants[1].destination", "invalid-destination"
            ),
            (#""expiredURL": "https://evil.example.net/""#, "expiredURL", "invalid-fallback"),
        ])
    func badInput(members: String, field: String, code: String) async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "bad", \#(members)}"#))
            #expect(created.status == .badRequest)
            #expect(created.headers[.contentType] == "application/problem+json")
            let problem = try #require(created.json)
            #expect(problem[path: "field"] == field)
            #expect(problem[path: "type"] == "urn:wayfinder:problem:" + code)
            #expect(problem[path: "detail"]?.isEmpty == false)
            let read = try await client.execute(uri: "/api/v1/links/bad", method: .get, headers: .bearer(key))
            #expect(read.status == .notFound)

            // The same rules in a change of an existing link: refused, and the link is as it was.
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "good"}"#))
            let patched = try await client.execute(
                uri: "/api/v1/links/good", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: "{\(members)}"))
            #expect(patched.status == .badRequest)
            #expect(try #require(patched.json)[path: "field"] == field)
            let after = try await client.execute(uri: "/api/v1/links/good", method: .get, headers: .bearer(key))
            #expect(after.json?["rules"] == nil)
            #expect(after.json?["variants"] == nil)
            #expect(after.json?["expiredURL"] == nil)
        }
        await service.close()
    }

    @Test("21 rules, 11 conditions, 5 variants are refused with the limit")
    func limits() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let rule = #"{"when": [{"device": "ios"}], "destination": "\#(Self.web)"}"#
        let condition = #"{"device": "ios"}"#
        let variant = #"{"destination": "\#(Self.web)", "weight": 20}"#
        let cases = [
            (#""rules": [\#(Array(repeating: rule, count: 21).joined(separator: ","))]"#, "rules"),
            (
                #""rules": [{"when": [\#(Array(repeating: condition, count: 11).joined(separator: ","))], "destination": "\#(Self.web)"}]"#,
                "rules[0].when"
            ),
            (#""variants": [\#(Array(repeating: variant, count: 5).joined(separator: ","))]"#, "variants"),
        ]
        try await service.server.makeApplication().test(.router) { client in
            for (members, field) in cases {
                let response = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(string: #"{"destination": "\#(Self.web)", \#(members)}"#))
                #expect(response.status == .badRequest)
                #expect(response.json?[path: "field"] == field)
            }
        }
        await service.close()
    }
}
