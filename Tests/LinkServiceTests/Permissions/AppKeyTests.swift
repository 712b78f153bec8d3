import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import NIOCore
import Testing

/// A key with the `app` scope ships inside an app: it makes links to the tenant's routes and
/// nothing else, within a budget per key and per client address.
@Suite("App keys")
struct AppKeyTests {
    static let route = "https://stories.example.com/story/42"
    static let web = "https://www.stories.example.com/featured"

    @Test("an app key creates a link whose destination is one of the tenant's routes")
    func createsRouteLinks() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller", scopes: [.app])
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.route)", "slug": "shared"}"#))
            #expect(response.status == .created, "\(response.text)")
        }
        #expect(try await service.store.link(tenant: "storyteller", slug: "shared")?.content.destination == Self.route)
        await service.close()
    }

    @Test("an app key is refused a web destination with a field problem naming destination, and writes nothing")
    func refusesWebDestinations() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller", scopes: [.app])
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "web"}"#))
            #expect(response.status == .badRequest)
            #expect(response.json?[path: "type"] == "urn:wayfinder:problem:invalid-destination")
            #expect(response.json?[path: "field"] == "destination")
            #expect(response.json?[path: "detail"]?.contains("links:write") == true)
            // The same link through a links:write key is fine.
            let full = try await service.key(for: "storyteller")
            let allowed = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(full),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "web"}"#))
            #expect(allowed.status == .created)
        }
        await service.close()
    }

    @Test("an app key's link creations are held to their budget per key: 429 with Retry-After past it")
    func budgetPerKey() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.appLinkRateLimit = RateLimit(requests: 2, per: .seconds(60))
        let service = try await TestService.make(configuration: configuration)
        let key = try await service.key(for: "storyteller", scopes: [.app])
        let full = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for index in 0..<2 {
                let response = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(string: #"{"destination": "\#(Self.route)", "slug": "s\#(index)"}"#))
                #expect(response.status == .created)
            }
            let over = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.route)", "slug": "s9"}"#))
            #expect(over.status == .tooManyRequests)
            #expect(over.headers[.retryAfter] != nil)
            // A links:write key is not an app key: no such budget.
            for index in 0..<3 {
                let response = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(full),
                    body: ByteBuffer(string: #"{"destination": "\#(Self.route)", "slug": "f\#(index)"}"#))
                #expect(response.status == .created)
            }
        }
        await service.close()
    }

    @Test("an app key cannot read links: 403 insufficient-scope naming links:read")
    func cannotRead() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller", scopes: [.app])
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key))
            #expect(response.status == .forbidden)
            #expect(response.json?[path: "type"] == "urn:wayfinder:problem:insufficient-scope")
            #expect(response.json?[path: "detail"]?.contains("links:read") == true)
        }
        await service.close()
    }

    @Test("an app key cannot create links through Firebase's shortLinks call")
    func cannotUseFirebaseCreation() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller", scopes: [.app])
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/v1/shortLinks?key=\(key)", method: .post,
                headers: [.contentType: "application/json", HTTPField.Name("Host")!: "stories.example.com"],
                body: ByteBuffer(string: #"{"longDynamicLink": "https://stories.example.com/?link=\#(Self.route)"}"#))
            // Refused by the route's permission, before the body is read, in Firebase's shape.
            #expect(response.status == .forbidden, "\(response.text)")
            #expect(response.text.contains("links:write"))
        }
        await service.close()
    }

    @Test("a key's use is written at most once a minute")
    func lastUse() async throws {
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let clock = ManualClock(start)
        let service = try await TestService.make(clock: clock.clock)
        let key = try await service.key(for: "storyteller")
        let hash = APIKey.hash(key)
        try await service.server.makeApplication().test(.router) { client in
            _ = try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key))
            #expect(try await service.store.apiKey(hash: hash)?.lastUsedAt == start)
            clock.advance(by: .seconds(30))
            _ = try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key))
            #expect(try await service.store.apiKey(hash: hash)?.lastUsedAt == start)
            clock.advance(by: .seconds(31))
            _ = try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key))
            #expect(try await service.store.apiKey(hash: hash)?.lastUsedAt == start.addingTimeInterval(61))
        }
        await service.close()
    }
}
