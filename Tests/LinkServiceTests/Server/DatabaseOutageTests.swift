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

/// A live server whose PostgreSQL goes away and comes back.
@Suite(
    "PostgreSQL outage", .enabled(if: PrivatePostgresCluster.isAvailable, PrivatePostgresCluster.skipNote),
    .timeLimit(.minutes(3)))
struct DatabaseOutageTests {
    @Test(
        "while PostgreSQL restarts, cached links redirect, database calls answer 503 at once, and afterwards the server reconnects by itself with no acknowledged link or buffered click lost"
    )
    func restart() async throws {
        let cluster = try await PrivatePostgresCluster.start()
        do {
            try await Self.restart(cluster)
            await cluster.remove()
        } catch {
            await cluster.remove()
            throw error
        }
    }

    private static func restart(_ cluster: PrivatePostgresCluster) async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.linkCacheLifetime = .seconds(3600)
        configuration.clickFlushInterval = .milliseconds(100)
        let store = try await PostgresLinkStore.open(
            url: cluster.url, options: .init(queryTimeout: .seconds(5), connectTimeout: .seconds(10)))
        let server = try LinkServer(configuration: configuration, manifests: [LocalTenant.manifest], store: store)
        let (key, record) = APIKey.make(tenant: "local")
        try await store.insertAPIKey(record)
        let destination = "https://www.local.example.com/kept"

        try await server.makeApplication().testLive { client in
            #expect(
                try await LocalTenant.create("kept", destination: destination, key: key, via: client).status == .created
            )
            #expect(try await LocalTenant.location(of: "kept", via: client) == destination)
            #expect(await eventually(within: .seconds(10)) { await server.pendingClicks == 0 })

            try await cluster.stop()

            // The cached link keeps redirecting; its clicks wait in memory (counted at the end).
            for _ in 0..<3 { #expect(try await LocalTenant.location(of: "kept", via: client) == destination) }
            // Whatever needs the database answers 503 (after the 5 s query timeout, not a hang).
            let refused = try await LocalTenant.create("lost", destination: destination, key: key, via: client)
            #expect(refused.status == .serviceUnavailable)
            #expect(refused.headers[.contentType] == "application/problem+json")
            #expect(refused.headers[.retryAfter] != nil)
            #expect(refused.json?[path: "type"] == "urn:wayfinder:problem:database-unavailable")
            #expect(
                try await client.execute(uri: "/api/v1/links/kept", method: .get, headers: .bearer(key)).status
                    == .serviceUnavailable)
            #expect(
                try await client.execute(uri: "/never-seen", method: .get, headers: [.userAgent: Agents.desktop]).status
                    == .serviceUnavailable)

            try await cluster.startServer()

            // No restart of the server: the pool reconnects on its own.
            let back = try await eventually(within: .seconds(30)) {
                try await client.execute(uri: "/api/v1/links/kept", method: .get, headers: .bearer(key)).status == .ok
            }
            try #require(back, "the server did not reconnect within 30 s")
            #expect(
                try await LocalTenant.create("after", destination: destination, key: key, via: client).status
                    == .created)
            #expect(
                try await client.execute(uri: "/api/v1/links/lost", method: .get, headers: .bearer(key)).status
                    == .notFound)
            #expect(await eventually(within: .seconds(10)) { await server.pendingClicks == 0 })
        }
        // The application has shut down gracefully: every click is written.
        let link = try #require(try await store.link(tenant: "local", slug: "kept"))
        #expect(try await store.stats(tenant: "local", linkID: link.id).clicks == 4)
        try await store.close()
    }
}
