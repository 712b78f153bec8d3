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

/// Destinations and paths checked against the manifest's route table.
@Suite("Deep-link destinations and route paths")
struct DeepLinkTests {
    @Test(
        "a deep link that resolves to a route is a valid destination",
        arguments: [
            "https://stories.example.com/story/42", "https://share.stories.example.com/go/clips?collectionId=7",
            "storyteller://open/42",
        ])
    func validDeepLinks(destination: String) async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(destination)"}"#))
            #expect(response.status == .created)
        }
        await service.close()
    }

    @Test(
        "a deep link that resolves to no route, or is excluded, is 400 on destination",
        arguments: [
            "https://stories.example.com/nothing/here", "https://stories.example.com/e/secret",
            "storyteller://nowhere/1",
            "https://stories.example.com/go/clips",
        ])
    func invalidDeepLinks(destination: String) async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(destination)"}"#))
            #expect(response.status == .badRequest)
            #expect(response.json?[path: "field"] == "destination")
        }
        await service.close()
    }

    @Test("a route path of a tenant domain is served like a short link to itself")
    func routePath() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().test(.router) { client in
            let iPhone = try await client.execute(uri: "/story/42", method: .get, headers: .visitor(Agents.iPhone))
            #expect(iPhone.status == .ok)
            #expect(iPhone.text.contains("app-argument=https://share.stories.example.com/story/42"))
            let desktop = try await client.execute(uri: "/story/42", method: .get, headers: .visitor(Agents.desktop))
            #expect(desktop.status == .found)
            #expect(desktop.headers[.location] == "https://www.stories.example.com")
            let android = try await client.execute(uri: "/story/42", method: .get, headers: .visitor(Agents.android))
            // The app opens the path itself; without it, the Play Store.
            let intent = AndroidIntent(parsing: android.headers[.location] ?? "")
            #expect(intent?.url.withoutClickIDs == "https://share.stories.example.com/story/42")
            #expect(
                intent?.fallback?.hasPrefix("https://play.google.com/store/apps/details?id=com.storyteller.app") == true
            )
            let excluded = try await client.execute(uri: "/e/x", method: .get, headers: .visitor(Agents.iPhone))
            #expect(excluded.status == .notFound)
        }
        #expect(try await service.store.clickCount(tenant: "storyteller") == 3)
        await service.close()
    }

    @Test("an existing slug wins over a route pattern that matches the same path")
    func slugWins() async throws {
        let manifest = try Manifest(
            json: Array(
                #"""
                {"id": "site", "ios": {"appIDs": ["ABCDE12345.com.site.app"], "appStoreID": "9"}, "domains": ["site.example.com"],
                 "web": "https://www.site.example.com", "routes": [{"name": "about", "paths": ["/about"]}]}
                """#.utf8))
        let service = try await TestService.make(manifests: [manifest])
        let key = try await service.key(for: "site")
        try await service.server.makeApplication().test(.router) { client in
            let before = try await client.execute(
                uri: "/about", method: .get, headers: .visitor(Agents.desktop, host: "site.example.com"))
            #expect(before.headers[.location] == "https://www.site.example.com")
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "https://www.site.example.com/team", "slug": "about"}"#))
            let after = try await client.execute(
                uri: "/about", method: .get, headers: .visitor(Agents.desktop, host: "site.example.com"))
            #expect(after.headers[.location] == "https://www.site.example.com/team")
        }
        await service.close()
    }

    @Test("resolve gives an installed app the route and parameters of a short link's destination")
    func resolveRoute() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "https://stories.example.com/story/42", "slug": "s42"}"#))
            let response = try await client.execute(
                uri: "/api/v1/resolve?url=https://stories.example.com/s42", method: .get)
            #expect(response.status == .ok)
            #expect(response.json?[path: "route"] == "story")
            #expect(response.json?[path: "parameters.storyId"] == "42")
            #expect(response.json?[path: "destination"] == "https://stories.example.com/story/42")
        }
        await service.close()
    }
}
