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

/// A link's web URLs are `https` on the default port unless the manifest's `"linkOrigins"` allows
/// `http:` or a port for a host: plain http is a downgrade, a port another service on the host.
@Suite("Link URLs: https on the default port")
struct LinkOriginTests {
    static let web = "https://www.stories.example.com"

    static let manifest: Manifest = {
        let json = #"""
            {"id": "storyteller", "ios": {"appIDs": ["ABCDE12345.com.storyteller.app"]},
             "domains": ["stories.example.com"], "web": "https://www.stories.example.com",
             "linkOrigins": ["http://www.stories.example.com", "https://stories.example.com:8443"],
             "routes": [{"name": "story", "paths": ["/story/{storyId}"]}]}
            """#
        do {
            return try Manifest(json: Array(json.utf8))
        } catch {
            fatalError("the test manifest does not load: \(error)")
        }
    }()

    /// Every field a link stores a URL in, as a member of the creation body.
    static let fields: [(member: @Sendable (String) -> String, field: String)] = [
        ({ #""destination": "\#($0)""# }, "destination"),
        ({ #""destination": "\#(web)", "fallbacks": {"desktop": "\#($0)"}"# }, "fallbacks.desktop"),
        ({ #""destination": "\#(web)", "fallbacks": {"ios": "\#($0)"}"# }, "fallbacks.ios"),
        ({ #""destination": "\#(web)", "fallbacks": {"android": "\#($0)"}"# }, "fallbacks.android"),
        ({ #""destination": "\#(web)", "expiresAt": "2099-01-01T00:00:00Z", "expiredURL": "\#($0)""# }, "expiredURL"),
        (
            { #""destination": "\#(web)", "rules": [{"when": [{"device": "desktop"}], "destination": "\#($0)"}]"# },
            "rules[0].destination"
        ),
        (
            { #""destination": "\#(web)", "rules": [{"when": [{"device": "ios"}], "fallbacks": {"ios": "\#($0)"}}]"# },
            "rules[0].fallbacks.ios"
        ),
        (
            {
                #""destination": "\#(web)", "variants": [{"destination": "\#($0)", "weight": 50}, {"destination": "\#(web)/b", "weight": 50}]"#
            },
            "variants[0].destination"
        ),
    ]

    static let refusedURLs = [
        "http://www.stories.example.com/x", "https://www.stories.example.com:8443/x",
        "http://stories.example.com/story/1", "https://stories.example.com:22/story/1",
    ]

    @Test(
        "http: and explicit ports on allowed hosts are refused in every URL field of a link",
        arguments: refusedURLs.flatMap { url in fields.indices.map { (url, $0) } })
    func refused(url: String, fieldIndex: Int) async throws {
        let (member, field) = Self.fields[fieldIndex]
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: "{\(member(url))}"))
            #expect(response.status == .badRequest, "\(field): \(url)")
            #expect(response.json?[path: "type"] == "urn:wayfinder:problem:insecure-url")
            #expect(response.json?[path: "field"] == field)
        }
        await service.close()
    }

    @Test("https on the default port (written or not) is accepted")
    func defaultPortAccepted() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for (index, destination) in ["\(Self.web)/a", "https://www.stories.example.com:443/b"].enumerated() {
                let response = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(string: #"{"destination": "\#(destination)", "slug": "ok\#(index)"}"#))
                #expect(response.status == .created, "\(response.text)")
            }
        }
        await service.close()
    }

    @Test("the manifest's linkOrigins allow http: or a port for a host, and nothing more")
    func manifestAllowsOrigins() async throws {
        let service = try await TestService.make(manifests: [Self.manifest])
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for (slug, destination, status) in [
                ("a", "http://www.stories.example.com/legacy", HTTPResponse.Status.created),
                ("b", "https://stories.example.com:8443/story/1", .created),
                ("c", "http://stories.example.com/story/1", .badRequest),
                ("d", "https://www.stories.example.com:8443/x", .badRequest),
            ] {
                let response = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(string: #"{"destination": "\#(destination)", "slug": "\#(slug)"}"#))
                #expect(response.status == status, "\(destination): \(response.text)")
            }
        }
        await service.close()
    }

    @Test("a link stored with an http: URL keeps redirecting there, and a change may keep it")
    func storedLinksKeepWorking() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let legacy = "http://www.stories.example.com/legacy"
        let now = Date()
        let link = Link(
            id: "legacy1", tenant: "storyteller", domain: "stories.example.com", slug: "legacy",
            content: LinkContent(destination: legacy), createdAt: now, updatedAt: now)
        _ = try await service.store.insertLink(link)
        try await service.server.makeApplication().test(.router) { client in
            let visit = try await client.execute(uri: "/legacy", method: .get, headers: .visitor(Agents.desktop))
            #expect(visit.headers[.location] == legacy)
            let renamed = try await client.execute(
                uri: "/api/v1/links/legacy", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"social": {"title": "Legacy"}}"#))
            #expect(renamed.status == .ok, "\(renamed.text)")
            let moved = try await client.execute(
                uri: "/api/v1/links/legacy", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"fallbacks": {"desktop": "http://www.stories.example.com/other"}}"#))
            #expect(moved.status == .badRequest)
            #expect(moved.json?[path: "field"] == "fallbacks.desktop")
        }
        await service.close()
    }

    @Test("linkOrigins entries that are not origins are manifest errors")
    func invalidOrigins() {
        for origin in [
            "ftp://x.example.com", "https://x.example.com/path", "https://x.example.com:99999", "x.example.com",
        ] {
            let json = #"""
                {"id": "t", "ios": {"appIDs": ["ABCDE12345.com.t.app"]}, "domains": ["t.example.com"],
                 "linkOrigins": ["\#(origin)"], "routes": []}
                """#
            let decoded = Manifest.decode(Array(json.utf8))
            #expect(decoded.diagnostics.contains { $0.code == "invalid-link-origin" }, "\(origin)")
        }
    }
}
