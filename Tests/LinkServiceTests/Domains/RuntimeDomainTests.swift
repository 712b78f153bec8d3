import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkServiceTesting
import NIOCore
import Testing

@Suite(
    "Runtime domains", .enabled(if: ChallengeTestServer.path != nil, Comment(rawValue: ChallengeTestServer.skipNote)))
struct RuntimeDomainTests {
    /// A service whose domain checks ask `dns`, with storyteller and chat as tenants.
    static func service(dns: ChallengeTestServer, reserved: [String] = []) async throws -> TestService {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.domains.resolver = dns.address
        configuration.domains.target = "links.wayfinder.test"
        configuration.domains.reservedSuffixes = reserved
        return try await TestService.make(configuration: configuration)
    }

    static func withService(
        reserved: [String] = [],
        _ body: @escaping @Sendable (TestService, ChallengeTestServer, any TestClientProtocol) async throws -> Void
    ) async throws {
        let dns = try await ChallengeTestServer.start()
        defer { dns.stop() }
        let service = try await Self.service(dns: dns, reserved: reserved)
        do {
            try await service.server.makeApplication().testLive { client in try await body(service, dns, client) }
            await service.close()
        } catch {
            await service.close()
            throw error
        }
    }

    static func add(_ domain: String, key: String, via client: some TestClientProtocol) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/domains", method: .post, headers: .bearer(key),
            body: ByteBuffer(string: #"{"domain": "\#(domain)"}"#))
    }

    static func on(_ host: String, _ path: String, via client: some TestClientProtocol) async throws -> TestResponse {
        try await client.execute(uri: path, method: .get, headers: .visitor(Agents.desktop, host: host))
    }

    @Test(
        "an added domain is pending and serves nothing; once its TXT record holds the token, verify makes it verified and it serves the tenant's files and links and passes the TLS ask"
    )
    func addVerifyServe() async throws {
        try await Self.withService { service, dns, client in
            let key = try await service.key(for: "storyteller")
            let added = try await Self.add("Go.Stories.Test.", key: key, via: client)
            #expect(added.status == .created)
            let json = try #require(added.json)
            #expect(json[path: "domain"] == "go.stories.test")
            #expect(json[path: "status"] == "pending")
            #expect(json[path: "source"] == "runtime")
            #expect(json[path: "verification.type"] == "dns-txt")
            #expect(json[path: "verification.name"] == "_wayfinder-challenge.go.stories.test")
            #expect(json[path: "target"] == "links.wayfinder.test")
            #expect(added.headers[.location] == "/api/v1/domains/go.stories.test")
            let token = try #require(json[path: "verification.value"])

            let aasa = "/.well-known/apple-app-site-association"
            #expect(try await Self.on("go.stories.test", aasa, via: client).status == .notFound)
            #expect(
                try await client.execute(uri: "/tls/ask?domain=go.stories.test", method: .get).status == .notFound)

            let early = try await client.execute(
                uri: "/api/v1/domains/go.stories.test/verify", method: .post, headers: .bearer(key))
            #expect(early.status == .ok)
            #expect(early.json?[path: "status"] == "pending")
            #expect(early.json?[path: "lastCheck.error"]?.contains("no TXT record") == true)

            try await dns.setTXT("_wayfinder-challenge.go.stories.test", "someone-else")
            try await dns.setTXT("_wayfinder-challenge.go.stories.test", token)
            let verified = try await client.execute(
                uri: "/api/v1/domains/go.stories.test/verify", method: .post, headers: .bearer(key))
            #expect(verified.json?[path: "status"] == "verified")
            #expect(verified.json?[path: "verifiedAt"] != nil)

            let served = try await Self.on("go.stories.test", aasa, via: client)
            #expect(served.status == .ok)
            #expect(served.text.contains("applinks"))
            #expect(try await client.execute(uri: "/tls/ask?domain=go.stories.test", method: .get).status == .ok)
            let link = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(
                    string:
                        #"{"destination": "https://stories.example.com/story/42", "slug": "tale", "domain": "go.stories.test"}"#
                ))
            #expect(link.status == .created)
            #expect(link.json?[path: "url"] == "https://go.stories.test/tale")
            #expect(try await Self.on("go.stories.test", "/tale", via: client).status == .found)
            // The other tenant's key sees none of it.
            let chatKey = try await service.key(for: "chat")
            #expect(
                try await client.execute(
                    uri: "/api/v1/domains/go.stories.test", method: .get, headers: .bearer(chatKey)
                )
                .status == .notFound)
        }
    }

    @Test(
        "removing a domain with links is refused with their count unless they move to another domain; afterwards it serves nothing and the TLS ask refuses it"
    )
    func removal() async throws {
        try await Self.withService { service, dns, client in
            let key = try await service.key(for: "storyteller")
            let token = try #require(
                try await Self.add("go.stories.test", key: key, via: client).json?[path: "verification.value"])
            try await dns.setTXT("_wayfinder-challenge.go.stories.test", token)
            _ = try await client.execute(
                uri: "/api/v1/domains/go.stories.test/verify", method: .post, headers: .bearer(key))
            for slug in ["one", "two"] {
                let created = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(
                        string:
                            #"{"destination": "https://stories.example.com/story/1", "slug": "\#(slug)", "domain": "go.stories.test"}"#
                    ))
                #expect(created.status == .created)
            }
            let refused = try await client.execute(
                uri: "/api/v1/domains/go.stories.test", method: .delete, headers: .bearer(key))
            #expect(refused.status == .conflict)
            #expect(refused.json?[path: "type"] == "urn:wayfinder:problem:domain-has-links")
            #expect(refused.json?[path: "detail"]?.contains("2 links") == true)
            let badTarget = try await client.execute(
                uri: "/api/v1/domains/go.stories.test?moveLinksTo=chat.example.com", method: .delete,
                headers: .bearer(key))
            #expect(badTarget.status == .badRequest)
            #expect(badTarget.json?[path: "field"] == "moveLinksTo")
            let removed = try await client.execute(
                uri: "/api/v1/domains/go.stories.test?moveLinksTo=share.stories.example.com", method: .delete,
                headers: .bearer(key))
            #expect(removed.status == .noContent)
            let moved = try await client.execute(uri: "/api/v1/links/one", method: .get, headers: .bearer(key))
            #expect(moved.json?[path: "url"] == "https://share.stories.example.com/one")
            #expect(try await Self.on("go.stories.test", "/one", via: client).status == .notFound)
            #expect(try await client.execute(uri: "/tls/ask?domain=go.stories.test", method: .get).status == .notFound)
            #expect(
                try await client.execute(uri: "/api/v1/domains/go.stories.test", method: .get, headers: .bearer(key))
                    .status == .notFound)
        }
    }

    @Test(
        "a name that is not a host name, an IP address, a manifest's domain, a domain another tenant added or one under a reserved suffix is refused, saying which"
    )
    func refusals() async throws {
        try await Self.withService(reserved: ["wayfinder.test"]) { service, _, client in
            let key = try await service.key(for: "storyteller")
            let chatKey = try await service.key(for: "chat")
            let cases: [(String, String, HTTPResponse.Status, String, String)] = [
                (key, "192.0.2.7", .badRequest, "invalid-domain", "IP address"),
                (key, "[2001:db8::1]", .badRequest, "invalid-domain", "IP address"),
                (key, "intranet", .badRequest, "invalid-domain", "single label"),
                (key, "exa mple.com", .badRequest, "invalid-domain", "letters, digits and hyphens"),
                (key, "-bad.example.com", .badRequest, "invalid-domain", "hyphen"),
                (key, "go.wayfinder.test", .badRequest, "invalid-domain", "reserves"),
                (key, "chat.example.com", .conflict, "domain-taken", "another tenant's manifest"),
                (key, "share.stories.example.com", .conflict, "domain-taken", "already one of your domains"),
            ]
            for (key, name, status, code, words) in cases {
                let response = try await Self.add(name, key: key, via: client)
                #expect(response.status == status, "\(name)")
                #expect(response.json?[path: "type"] == "urn:wayfinder:problem:\(code)", "\(name)")
                #expect(response.json?[path: "field"] == "domain", "\(name)")
                #expect(response.json?[path: "detail"]?.contains(words) == true, "\(name): \(response.text)")
            }
            #expect(try await Self.add("go.partner.test", key: key, via: client).status == .created)
            let again = try await Self.add("go.partner.test", key: chatKey, via: client)
            #expect(again.status == .conflict)
            #expect(again.json?[path: "detail"]?.contains("another tenant") == true)
        }
    }

    @Test("an international name is stored and listed as its xn-- form")
    func internationalName() async throws {
        try await Self.withService { service, _, client in
            let key = try await service.key(for: "storyteller")
            let added = try await Self.add("bücher.example", key: key, via: client)
            #expect(added.json?[path: "domain"] == "xn--bcher-kva.example")
            let listed = try await client.execute(uri: "/api/v1/domains", method: .get, headers: .bearer(key))
            let names = listed.json?["domains"]?.arrayValue?.compactMap { $0[path: "domain"] }
            #expect(names == ["stories.example.com", "share.stories.example.com", "xn--bcher-kva.example"])
        }
    }
}

@Suite("Domain names")
struct DomainNameTests {
    @Test(
        "Punycode encodes RFC 3492's samples",
        arguments: [
            ("bücher", "bcher-kva"), ("münchen", "mnchen-3ya"), ("例え", "r8jz45g"),
            ("ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"),
        ])
    func punycode(label: String, encoded: String) {
        #expect(Punycode.encode(label) == encoded)
    }

    @Test("names are lowered and lose their final dot")
    func normalised() throws {
        #expect(try DomainName.normalized("Go.ACME.com.") == "go.acme.com")
        #expect(try DomainName.normalized("MÜNCHEN.example") == "xn--mnchen-3ya.example")
    }
}
