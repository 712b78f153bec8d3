import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import NIOCore
import ServiceLifecycle
import Testing

@Suite("Server lifecycle")
struct LifecycleTests {
    @Test("a link made before a restart still redirects after it (new server, same SQLite file)")
    func survivesRestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let first = try await TestService.make(directory: directory)
        let key = try await first.key(for: "storyteller")
        try await first.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "https://www.stories.example.com/kept", "slug": "kept"}"#))
            #expect(created.status == .created)
        }
        try await first.store.close()
        let second = try await TestService.make(directory: directory)
        try await second.server.makeApplication().test(.router) { client in
            let response = try await client.execute(uri: "/kept", method: .get, headers: .visitor(Agents.desktop))
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://www.stories.example.com/kept")
            let api = try await client.execute(uri: "/api/v1/links/kept", method: .get, headers: .bearer(key))
            #expect(api.status == .ok)
        }
        await second.close()
    }

    @Test("after a graceful shutdown the stored clicks equal the requests made (live port)")
    func gracefulShutdownFlushesClicks() async throws {
        let manifest = try Manifest(
            json: Array(
                #"""
                {"id": "local", "ios": {"appIDs": ["ABCDE12345.com.local.app"], "appStoreID": "1"}, "domains": ["localhost"],
                 "web": "https://www.local.example.com", "routes": [{"name": "item", "paths": ["/item/{id}"]}]}
                """#.utf8))
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlushInterval = .seconds(3600)  // only a full batch or the shutdown writes
        configuration.clickBatchSize = 1000
        let service = try await TestService.make(manifests: [manifest], configuration: configuration)
        let key = try await service.key(for: "local")
        let requests = 57
        try await service.server.makeApplication().testLive { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "https://www.local.example.com/a", "slug": "live"}"#))
            #expect(created.status == .created)
            for index in 0..<requests {
                let agent = [Agents.iPhone, Agents.android, Agents.desktop][index % 3]
                let response = try await client.execute(uri: "/live", method: .get, headers: [.userAgent: agent])
                #expect(response.status == (index % 3 == 0 ? .ok : .found))
            }
            #expect(await service.server.pendingClicks == requests)
        }
        #expect(try await service.store.clickCount(tenant: "local") == requests)
        let link = try #require(try await service.store.link(tenant: "local", slug: "live"))
        #expect(try await service.store.stats(tenant: "local", linkID: link.id).clicks == requests)
        await service.close()
    }

    @Test("/healthz answers ok and the metrics listener counts requests, redirects and the click buffer")
    func healthAndMetrics() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let health = try await client.execute(uri: "/healthz", method: .get)
            #expect(health.status == .ok)
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "https://www.stories.example.com/", "slug": "m"}"#))
            _ = try await client.execute(uri: "/m", method: .get, headers: .visitor(Agents.android))
            let text = try await service.server.metricsText()
            #expect(text.contains(#"wayfinder_redirects_total{platform="android"} 1"#))
            #expect(text.contains(#"wayfinder_http_requests_total{status="2xx"}"#))
            #expect(text.contains("wayfinder_click_buffer_depth"))
            #expect(text.contains("wayfinder_click_flush_duration_seconds"))
        }
        await service.close()
    }
}
