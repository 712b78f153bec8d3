import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import NIOCore
import Testing

/// Every change through the API and the console, and every console sign-in, refused ones too,
/// is in the tenant's audit log: who, what, before → after, never a secret; read through
/// `GET /api/v1/audit`, which nothing can change.
@Suite("Audit log")
struct AuditLogTests {
    static let route = "https://stories.example.com/story/42"
    static let other = "https://stories.example.com/story/7"

    static func entries(_ client: any TestClientProtocol, _ key: String, query: String = "") async throws -> [JSONNode]
    {
        let response = try await client.execute(uri: "/api/v1/audit" + query, method: .get, headers: .bearer(key))
        #expect(response.status == .ok, "\(response.text)")
        #expect(try OpenAPIContract().violations(of: response, to: .get, "/api/v1/audit") == [])
        return response.json?["entries"]?.arrayValue ?? []
    }

    /// Every entry's target, read two at a time through the cursor.
    static func targetsPageByPage(_ client: any TestClientProtocol, _ key: String) async throws -> [String] {
        var targets: [String] = []
        var cursor: String? = nil
        for _ in 0..<10 {
            let response = try await client.execute(
                uri: "/api/v1/audit?limit=2" + (cursor.map { "&cursor=" + $0 } ?? ""), method: .get,
                headers: .bearer(key))
            targets += (response.json?["entries"]?.arrayValue ?? []).compactMap { $0["target"]?.stringValue }
            cursor = response.json?["nextCursor"]?.stringValue
            if cursor == nil { break }
        }
        return targets
    }

    @Test("an empty or made-up cursor is a 400 naming cursor, never a 500")
    func badCursorIsAProblem() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for cursor in ["", "yO", "not-a-cursor"] {
                let response = try await client.execute(
                    uri: "/api/v1/audit?cursor=\(cursor)&actor=&limit=1", method: .get, headers: .bearer(key))
                #expect(response.status == .badRequest, "cursor \(cursor): \(response.text)")
                #expect(response.text.contains("cursor"))
                #expect(try OpenAPIContract().violations(of: response, to: .get, "/api/v1/audit") == [])
            }
        }
    }

    @Test("a link's create, update and delete are recorded with the key, the fields before → after, newest first")
    func linkChanges() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let prefix = String(key.prefix(APIKey.prefixLength))
        try await service.server.makeApplication().test(.router) { client in
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.route)", "slug": "audited"}"#))
            _ = try await client.execute(
                uri: "/api/v1/links/audited", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.other)", "password": "open sesame 1"}"#))
            _ = try await client.execute(uri: "/api/v1/links/audited", method: .delete, headers: .bearer(key))
            let entries = try await Self.entries(client, key)
            #expect(entries.map { $0["action"]?.stringValue } == ["link.deleted", "link.updated", "link.created"])
            #expect(entries.allSatisfy { $0["actor"]?.stringValue == "key:" + prefix })
            #expect(entries.allSatisfy { $0["target"]?.stringValue == "link:audited" })
            let update = entries[1]["changes"]?.arrayValue ?? []
            let destination = update.first { $0["field"]?.stringValue == "destination" }
            #expect(destination?["before"]?.stringValue == Self.route)
            #expect(destination?["after"]?.stringValue == Self.other)
            let password = update.first { $0["field"]?.stringValue == "password" }
            #expect(password?["after"]?.stringValue == AuditChange.secret)
            let all = try await client.execute(uri: "/api/v1/audit", method: .get, headers: .bearer(key)).text
            #expect(!all.contains("open sesame"))
            #expect(!all.contains("$argon2") && !all.contains("$2b$"))
        }
        await service.close()
    }

    @Test("webhook changes are recorded and their secrets never are")
    func webhookSecrets() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/webhooks", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"url": "https://192.31.196.10/hooks", "events": ["link.created"]}"#))
            #expect(created.status == .created, "\(created.text)")
            let id = try #require(created.json?["id"]?.stringValue)
            let secret = try #require(created.json?["secret"]?.stringValue)
            let rotated = try await client.execute(
                uri: "/api/v1/webhooks/\(id)/rotate-secret", method: .post, headers: .bearer(key))
            let newSecret = try #require(rotated.json?["secret"]?.stringValue)
            let entries = try await Self.entries(client, key, query: "?target=webhook:\(id)")
            #expect(entries.map { $0["action"]?.stringValue } == ["webhook.secret-rotated", "webhook.created"])
            let text = try await client.execute(uri: "/api/v1/audit", method: .get, headers: .bearer(key)).text
            #expect(!text.contains(secret) && !text.contains(newSecret))
        }
        await service.close()
    }

    @Test("filters by actor and time, and pages with the cursor")
    func filtersAndCursor() async throws {
        let service = try await TestService.make()
        let first = try await service.key(for: "storyteller")
        let second = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for (index, key) in [first, second, first].enumerated() {
                _ = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(string: #"{"destination": "\#(Self.route)", "slug": "p\#(index)"}"#))
            }
            let mine = try await Self.entries(client, first, query: "?actor=key:\(first.prefix(APIKey.prefixLength))")
            #expect(mine.map { $0["target"]?.stringValue } == ["link:p2", "link:p0"])
            #expect(try await Self.entries(client, first, query: "?since=2999-01-01T00:00:00Z").isEmpty)
            let targets = try await Self.targetsPageByPage(client, first)
            #expect(targets == ["link:p2", "link:p1", "link:p0"])
            let bad = try await client.execute(
                uri: "/api/v1/audit?since=yesterday", method: .get, headers: .bearer(first))
            #expect(bad.status == .badRequest)
        }
        await service.close()
    }

    @Test("another tenant's key reads none of this tenant's entries")
    func tenantsApart() async throws {
        let service = try await TestService.make()
        let mine = try await service.key(for: "storyteller")
        let theirs = try await service.key(for: "chat")
        try await service.server.makeApplication().test(.router) { client in
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(mine),
                body: ByteBuffer(string: #"{"destination": "\#(Self.route)", "slug": "mine"}"#))
            #expect(try await Self.entries(client, theirs).isEmpty)
            #expect(try await Self.entries(client, mine).count == 1)
        }
        await service.close()
    }

    @Test("the audit log is append-only: the router has no call that changes it")
    func appendOnly() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let routes = service.server.makeRouter().routes.filter { "\($0.path)".hasPrefix("/api/v1/audit") }
        #expect(Set(routes.map { "\($0.method)" }) == ["GET"])
        try await service.server.makeApplication().test(.router) { client in
            for method in [HTTPRequest.Method.post, .put, .patch, .delete] {
                let response = try await client.execute(uri: "/api/v1/audit", method: method, headers: .bearer(key))
                #expect(response.status == .methodNotAllowed || response.status == .notFound, "\(method)")
            }
        }
        await service.close()
    }

    @Test("console sign-ins and refused sign-ins are recorded with the key and the client's network")
    func consoleSignIns() async throws {
        try await TestService.withConsole { console, service, key in
            var stranger = ConsoleClient(console.client)
            try await stranger.signIn("wf_notakey000000000000000000000000000000000")
            let appKey = try await service.key(for: "storyteller", scopes: [.app])
            let refused = try await stranger.signIn(appKey)
            #expect(refused.status == .forbidden)
            let entries = try await service.store.auditEntries(
                tenant: "storyteller", query: AuditQuery(), before: nil, limit: 10)
            #expect(entries.map(\.action) == [.signInRefused, .signedIn])
            #expect(entries.last?.actor == "key:" + key.prefix(APIKey.prefixLength))
            #expect(entries.first?.actor == "key:" + appKey.prefix(APIKey.prefixLength))
            let unknown = try await service.store.auditEntries(tenant: "", query: AuditQuery(), before: nil, limit: 10)
            #expect(unknown.map(\.action) == [.signInRefused])
        }
    }
}
