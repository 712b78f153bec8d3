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

@Suite("Links API")
struct LinksAPITests {
    static let web = "https://www.stories.example.com/featured"

    @Test("creating a link answers 201 with its short URL and slug")
    func create() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(
                    string: #"{"destination": "\#(Self.web)", "slug": "spring", "social": {"title": "Spring"}}"#))
            #expect(response.status == .created)
            #expect(response.headers[.contentType] == "application/json")
            #expect(response.json?[path: "url"] == "https://stories.example.com/spring")
            #expect(response.json?[path: "slug"] == "spring")
            #expect(response.json?[path: "social.title"] == "Spring")
            #expect(response.headers[.location] == "/api/v1/links/spring")
        }
        #expect(try await service.store.link(tenant: "storyteller", slug: "spring")?.content.destination == Self.web)
        await service.close()
    }

    @Test("generated slugs are 7 characters, unguessable ones 22")
    func generatedSlugs() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let short = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)"}"#))
            #expect(short.status == .created)
            #expect(short.json?[path: "slug"]?.count == 7)
            let long = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "unguessable": true}"#))
            #expect(long.json?[path: "slug"]?.count == 22)
        }
        await service.close()
    }

    @Test("the same alias with the same body is the same link (200); with another body it is 409")
    func idempotentAlias() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let body =
            #"{"destination": "\#(Self.web)", "slug": "same", "utm": {"source": "mail"}, "expiresAt": "2030-01-01T00:00:00Z"}"#
        try await service.server.makeApplication().test(.router) { client in
            let first = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: body))
            #expect(first.status == .created)
            let again = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: body))
            #expect(again.status == .ok)
            #expect(again.json?[path: "id"] == first.json?[path: "id"])
            let other = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)/x", "slug": "same"}"#))
            #expect(other.status == .conflict)
            #expect(other.headers[.contentType] == "application/problem+json")
            #expect(other.json?[path: "field"] == "slug")
        }
        await service.close()
    }

    @Test("read, change, list and delete a link")
    func crud() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for index in 0..<5 {
                _ = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "l\#(index)"}"#))
            }
            let read = try await client.execute(uri: "/api/v1/links/l1", method: .get, headers: .bearer(key))
            #expect(read.status == .ok)
            #expect(read.json?[path: "destination"] == Self.web)
            let patched = try await client.execute(
                uri: "/api/v1/links/l1", method: .patch, headers: .bearer(key),
                body: ByteBuffer(
                    string: #"{"fallbacks": {"desktop": "https://www.stories.example.com/desk"}, "skipPreview": true}"#)
            )
            #expect(patched.status == .ok)
            #expect(patched.json?[path: "fallbacks.desktop"] == "https://www.stories.example.com/desk")
            #expect(patched.json?[path: "destination"] == Self.web)
            var slugs: [String] = []
            var cursor: String? = nil
            repeat {
                let uri = "/api/v1/links?limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.execute(uri: uri, method: .get, headers: .bearer(key))
                #expect(page.status == .ok)
                slugs += page.json?["links"]?.arrayValue?.compactMap { $0[path: "slug"] } ?? []
                cursor = page.json?[path: "nextCursor"]
            } while cursor != nil
            #expect(slugs == ["l0", "l1", "l2", "l3", "l4"])
            #expect(
                try await client.execute(uri: "/api/v1/links/l1", method: .delete, headers: .bearer(key)).status
                    == .noContent)
            #expect(
                try await client.execute(uri: "/api/v1/links/l1", method: .get, headers: .bearer(key)).status
                    == .notFound)
            #expect(
                try await client.execute(uri: "/l1", method: .get, headers: .visitor(Agents.desktop)).status
                    == .notFound)
        }
        await service.close()
    }

    @Test("the list cursor is opaque and the tenant's own: no row count in it, refused with another tenant's key")
    func opaqueCursor() async throws {
        let service = try await TestService.make()
        let stories = try await service.key(for: "storyteller")
        let chat = try await service.key(for: "chat")
        try await service.server.makeApplication().test(.router) { client in
            for index in 0..<3 {
                _ = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(stories),
                    body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "s\#(index)"}"#))
            }
            let page = try await client.execute(uri: "/api/v1/links?limit=1", method: .get, headers: .bearer(stories))
            let cursor = try #require(page.json?[path: "nextCursor"])
            #expect(Int(cursor) == nil, "the cursor \(cursor) is a row number")
            let next = try await client.execute(
                uri: "/api/v1/links?limit=1&cursor=\(cursor)", method: .get, headers: .bearer(stories))
            #expect(next.json?["links"]?.arrayValue?.compactMap { $0[path: "slug"] } == ["s1"])
            let foreign = try await client.execute(
                uri: "/api/v1/links?limit=1&cursor=\(cursor)", method: .get, headers: .bearer(chat))
            #expect(foreign.status == .badRequest)
            #expect(foreign.json?[path: "field"] == "cursor")
            // A made-up position is refused too, not read as a place among all tenants' links.
            for made in ["1", "2", "100"] {
                let guessed = try await client.execute(
                    uri: "/api/v1/links?limit=1&cursor=\(made)", method: .get, headers: .bearer(stories))
                #expect(guessed.status == .badRequest, "cursor \(made)")
            }
        }
        await service.close()
    }

    @Test(
        "bad requests are problem documents that name the field",
        arguments: [
            (#"{"destination": "#, "$", 400),
            (#"{"destination": "https://www.stories.example.com/", "colour": "red"}"#, "colour", 400),
            (#"{"destination": "https://www.stories.example.com/", "social": {"titel": "x"}}"#, "social.titel", 400),
            (#"{"destination": "https://www.stories.example.com/", "slug": "no spaces"}"#, "slug", 400),
            (#"{"destination": "https://www.stories.example.com/", "slug": "api"}"#, "slug", 400),
            (
                #"{"destination": "https://www.stories.example.com/", "slug": "\#(String(repeating: "a", count: 65))"}"#,
                "slug", 400
            ),
            (#"{"destination": 42}"#, "destination", 400),
            (#"{"slug": "x"}"#, "destination", 400),
            (#"[1, 2]"#, "$", 400),
            (#"{"destination": "https://www.stories.example.com/", "expiresAt": "tomorrow"}"#, "expiresAt", 400),
            (
                #"{"destination": "https://www.stories.example.com/", "expiresAt": "2026-02-30T12:00:00Z"}"#,
                "expiresAt", 400
            ),
            (
                #"{"destination": "https://www.stories.example.com/", "expiresAt": "2027-02-29T00:00:00Z"}"#,
                "expiresAt", 400
            ),
            (
                #"{"destination": "https://www.stories.example.com/", "expiresAt": "2026-04-31T08:00:00Z"}"#,
                "expiresAt", 400
            ),
            (#"{"destination": "https://www.stories.example.com/", "domain": "chat.example.com"}"#, "domain", 400),
            (#"{"destination": "https://www.stories.example.com/", "skipPreview": "yes"}"#, "skipPreview", 400),
        ])
    func badRequests(body: String, field: String, status: Int) async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: body))
            #expect(response.status.code == status)
            #expect(response.headers[.contentType] == "application/problem+json")
            let problem = try #require(response.json)
            if field != "$" || problem[path: "field"] != nil { #expect(problem[path: "field"] == field) }
            #expect(problem[path: "status"] == String(status))
            #expect(problem[path: "type"]?.hasPrefix("urn:wayfinder:problem:") == true)
            #expect(problem[path: "detail"]?.isEmpty == false)
        }
        await service.close()
    }

    @Test("a body over 1 MB is 413, as a problem document")
    func oversize() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let huge =
                #"{"destination": "https://www.stories.example.com/", "social": {"title": ""#
                + String(repeating: "x", count: 1_100_000) + #""}}"#
            let response = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: huge))
            #expect(response.status == .contentTooLarge)
            #expect(response.headers[.contentType] == "application/problem+json")
        }
        await service.close()
    }

    @Test("no key, an unknown key and a revoked key are 401")
    func authentication() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        _ = try await service.store.revokeAPIKeys(prefix: String(key.prefix(APIKey.prefixLength)), at: Date())
        try await service.server.makeApplication().test(.router) { client in
            for headers: HTTPFields in [[:], .bearer("wf_nope"), .bearer(key)] {
                let response = try await client.execute(uri: "/api/v1/links", method: .get, headers: headers)
                #expect(response.status == .unauthorized)
                #expect(response.headers[.contentType] == "application/problem+json")
            }
        }
        await service.close()
    }

    @Test(
        "the Bearer scheme is matched case-insensitively (RFC 9110 §11.1)", arguments: ["bearer", "BEARER", "BeArEr"])
    func bearerScheme(scheme: String) async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/v1/links", method: .get, headers: [.authorization: "\(scheme) \(key)"])
            #expect(response.status == .ok)
        }
        await service.close()
    }

    @Test("an unknown API path is a 404 problem document, and so is an invalid slug in the path")
    func unknownPath() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let unknown = try await client.execute(uri: "/api/v1/nothing", method: .get, headers: .bearer(key))
            #expect(unknown.status == .notFound)
            #expect(unknown.headers[.contentType] == "application/problem+json")
            let badSlug = try await client.execute(uri: "/api/v1/links/a%20b", method: .get, headers: .bearer(key))
            #expect(badSlug.status == .badRequest)
            #expect(badSlug.json?[path: "field"] == "slug")
        }
        await service.close()
    }

    @Test("resolve answers the destination of a short link, and is rate-limited per client")
    func resolve() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.resolveRateLimit = RateLimit(requests: 3, per: .seconds(60))
        let service = try await TestService.make(configuration: configuration)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "app"}"#))
            let found = try await client.execute(
                uri: "/api/v1/resolve?url=https%3A%2F%2Fshare.stories.example.com%2Fapp", method: .get)
            #expect(found.status == .ok)
            #expect(found.json?[path: "destination"] == Self.web)
            let missing = try await client.execute(
                uri: "/api/v1/resolve?url=https%3A%2F%2Fshare.stories.example.com%2Fnope", method: .get)
            #expect(missing.status == .notFound)
            _ = try await client.execute(uri: "/api/v1/resolve?url=x", method: .get)
            let limited = try await client.execute(uri: "/api/v1/resolve?url=x", method: .get)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter].flatMap(Int.init) ?? 0 >= 1)
            #expect(limited.headers[.contentType] == "application/problem+json")
        }
        await service.close()
    }

    @Test("stats count the people and the bots that followed the link")
    func stats() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "count"}"#))
            for agent in [Agents.iPhone, Agents.android, Agents.android, Agents.desktop, Agents.facebook] {
                var headers = HTTPFields.visitor(agent)
                headers[.referer] = "https://m.facebook.com/story"
                _ = try await client.execute(uri: "/count", method: .get, headers: headers)
            }
        }
        // Leaving the test stopped the application gracefully: every click is written.
        let link = try #require(try await service.store.link(tenant: "storyteller", slug: "count"))
        let stats = try await service.store.stats(tenant: "storyteller", linkID: link.id)
        #expect(stats.clicks == 4)
        #expect(stats.botClicks == 1)
        #expect(stats.byPlatform == ["ios": 1, "android": 2, "desktop": 1])
        #expect(stats.byReferrer == ["m.facebook.com": 4])
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/v1/links/count/stats", method: .get, headers: .bearer(key))
            #expect(response.status == .ok)
            #expect(response.json?[path: "clicks"] == "4")
            #expect(response.json?[path: "botClicks"] == "1")
            #expect(response.json?[path: "byPlatform.android"] == "2")
        }
        await service.close()
    }
}
