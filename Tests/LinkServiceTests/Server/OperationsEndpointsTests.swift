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
import SQLiteNIO
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// What operators and the TLS proxy ask: `/tls/ask` (Caddy's on-demand TLS), `/readyz`, and
/// `/metrics` on a listener of its own.
@Suite("Operations endpoints")
struct OperationsEndpointsTests {
    @Test(
        "/tls/ask answers 200 for a tenant domain in any case and with a trailing dot, 404 for any other name or none"
    )
    func askAnswersTenantDomains() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().testLive { client in
            for name in ["stories.example.com", "Share.Stories.Example.COM", "chat.example.com."] {
                let response = try await client.execute(uri: "/tls/ask?domain=\(name)", method: .get)
                #expect(response.status == .ok, "\(name)")
            }
            for name in ["example.com", "www.stories.example.com", "evil.example", ""] {
                let response = try await client.execute(uri: "/tls/ask?domain=\(name)", method: .get)
                #expect(response.status == .notFound, "\(name)")
            }
            #expect(try await client.execute(uri: "/tls/ask", method: .get).status == .notFound)
        }
        await service.close()
    }

    @Test("/tls/ask answers 403 to a peer that is neither loopback nor a trusted proxy, and 200 to a trusted proxy")
    func askOnlyFromTheProxy() throws {
        let tenants = TenantDirectory(try TenantSet(manifests: [try TestService.example("storyteller")]))
        let request = Request(
            head: HTTPRequest(method: .get, scheme: nil, authority: nil, path: "/tls/ask?domain=stories.example.com"),
            body: RequestBody(buffer: ByteBuffer()))
        let stranger = try SocketAddress(ipAddress: "203.0.113.7", port: 40000)
        let proxy = try SocketAddress(ipAddress: "198.51.100.2", port: 40000)
        let handler = TLSAskHandler(tenants: tenants, trustedProxies: ["198.51.100.2"])
        #expect(handler.respond(request, peer: stranger).status == .forbidden)
        #expect(handler.respond(request, peer: nil).status == .forbidden)
        #expect(handler.respond(request, peer: proxy).status == .ok)
        #expect(handler.respond(request, peer: try SocketAddress(ipAddress: "::1", port: 1)).status == .ok)
    }

    @Test(
        "/tls/ask's loopback: 127.0.0.0/8, ::1 and 127/8 mapped; not the IPv4-compatible ::127.0.0.1",
        arguments: [
            ("127.0.0.1", true), ("127.255.0.9", true), ("::1", true), ("::ffff:127.0.0.1", true),
            ("128.0.0.1", false), ("126.255.255.255", false), ("::2", false), ("::127.0.0.1", false),
            ("::ffff:128.0.0.1", false),
        ])
    func loopback(text: String, isLoopback: Bool) throws {
        #expect(TLSAskHandler.isLoopback(try SocketAddress(ipAddress: text, port: 1)) == isLoopback)
    }

    @Test(
        "/readyz answers 200 on a migrated database; 503 once the database does not answer, while /tls/ask still does")
    func readinessFollowsTheDatabase() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let service = try await TestService.make(directory: directory)
        try await service.server.makeApplication().testLive { client in
            let ready = try await client.execute(uri: "/readyz", method: .get)
            #expect(ready.status == .ok)
            #expect(ready.text == "ready\n")
            try await service.store.close()
            let closed = try await client.execute(uri: "/readyz", method: .get)
            #expect(closed.status == .serviceUnavailable)
            #expect(closed.text.contains("the database does not answer"))
            // Answered from memory: the proxy can still get certificates while the database is away.
            #expect(try await client.execute(uri: "/tls/ask?domain=stories.example.com", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
        }
    }

    @Test("/readyz answers 503 while the database's schema is behind this build's, 200 once it is not")
    func readinessWaitsForMigrations() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("links.sqlite")
        let store = try await SQLiteLinkStore.open(path: path)
        let latest = SQLiteLinkStore.latestSchemaVersion
        do {
            let server = try LinkServer(
                configuration: LinkServiceConfiguration(port: 0), manifests: [LocalTenant.manifest], store: store)
            try await server.makeApplication().test(.router) { client in
                // As if the last migration had not run yet (another instance is still applying it).
                try await Self.sql(path, "DELETE FROM schema_migrations WHERE version = \(latest)")
                let response = try await client.execute(uri: "/readyz", method: .get)
                #expect(response.status == .serviceUnavailable)
                #expect(
                    response.text.contains(
                        "at version \(SQLiteMigrations.all.dropLast().last?.version ?? 0), this build needs \(latest)"))
                try await Self.sql(path, "INSERT INTO schema_migrations (version, applied_at) VALUES (\(latest), 0)")
                #expect(try await client.execute(uri: "/readyz", method: .get).status == .ok)
            }
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }

    /// Runs `statement` on the SQLite file at `path` through a connection of its own.
    static func sql(_ path: String, _ statement: String) async throws {
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        do {
            _ = try await connection.query("PRAGMA busy_timeout=5000")
            _ = try await connection.query(statement)
            try await connection.close()
        } catch {
            try? await connection.close()
            throw error
        }
    }

    @Test("/metrics is served on the metrics address only: the public listener answers it as any unknown path")
    func metricsOnTheirOwnListener() async throws {
        let port = try await freeLoopbackPort()
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.metricsAddress = ListenAddress(host: "127.0.0.1", port: port)
        let service = try await TestService.make(manifests: [LocalTenant.manifest], configuration: configuration)
        try await service.server.makeApplication().testLive { client in
            #expect(try await client.execute(uri: "/healthz", method: .get).status == .ok)
            // The metrics listener is a service of its own, started beside the public one: on a
            // busy machine it may take a moment longer to listen.
            #expect(await eventually { (try? await Self.get("http://127.0.0.1:\(port)/metrics"))?.status == 200 })
            let metrics = try await Self.get("http://127.0.0.1:\(port)/metrics")
            #expect(metrics.body.contains(#"wayfinder_http_requests_total{status="2xx"}"#))
            #expect(metrics.body.contains("wayfinder_manifest_generation 1"))
            let publicAnswer = try await client.execute(
                uri: "/metrics", method: .get, headers: [.userAgent: Agents.desktop])
            #expect(publicAnswer.status == .notFound)
            #expect(!publicAnswer.text.contains("wayfinder_http_requests_total"))
        }
        await service.close()
    }

    @Test("the metrics address reads HOST:PORT, [IPv6]:PORT and off; anything else is an error naming the key")
    func metricsAddressParses() throws {
        #expect(try ListenAddress(parsing: "127.0.0.1:9464", key: "k") == ListenAddress(host: "127.0.0.1", port: 9464))
        #expect(try ListenAddress(parsing: "[::1]:9464", key: "k") == ListenAddress(host: "::1", port: 9464))
        #expect(ListenAddress(host: "::1", port: 9464).description == "[::1]:9464")
        for bad in ["127.0.0.1", ":9464", "127.0.0.1:port", "127.0.0.1:70000"] {
            #expect(throws: LinkServiceConfiguration.InvalidValue.self) {
                try ListenAddress(parsing: bad, key: "wayfinder.metrics.address")
            }
        }
    }

    /// A plain GET over a real socket (the metrics listener is not the application under test).
    static func get(_ url: String) async throws -> (status: Int, body: String) {
        let (data, response) = try await URLSession.shared.data(from: try #require(URL(string: url)))
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}
