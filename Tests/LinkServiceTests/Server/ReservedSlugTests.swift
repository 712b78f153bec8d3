import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkStorage
import Logging
import NIOCore
import Testing

@Suite("Slugs the server's own routes take")
struct ReservedSlugTests {
    static let web = "https://stories.example.com/story/42"

    @Test("every literal first path segment of the router is a reserved slug")
    func routerSegmentsAreReserved() async throws {
        let service = try await TestService.make()
        let segments = ShadowedLinks.firstSegments(of: service.server.makeRouter().routes.map { "\($0.path)" })
        // The walk sees the routes this test is about (a router that lost them would pass vacuously).
        #expect(segments.isSuperset(of: ["admin", "api", "v1", "healthz", "readyz", "tls", ".well-known"]))
        for segment in segments where SlugRules.isWellFormed(segment) {
            for spelling in [segment, segment.uppercased()] {
                #expect(SlugRules.problem(with: spelling) != nil, "\(spelling) is routed but not reserved")
            }
        }
        await service.close()
    }

    @Test("the API refuses a routed slug, in any letter case, with a 400 that names it")
    func apiRefusesRoutedSlugs() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for slug in ["v1", "V1", "tls", "readyz", "healthz", "api", "admin"] {
                let response = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "\#(slug)"}"#))
                #expect(response.status == .badRequest, "\(slug)")
                #expect(response.json?[path: "field"] == "slug")
                #expect(response.json?[path: "type"] == "urn:wayfinder:problem:invalid-slug")
                #expect(response.json?[path: "detail"]?.contains("\"\(slug)\" is reserved") == true, "\(response.text)")
            }
            #expect(try await service.store.link(tenant: "storyteller", slug: "v1") == nil)
        }
        await service.close()
    }

    @Test("the console's form refuses a routed slug on the slug field and stores nothing")
    func consoleRefusesRoutedSlugs() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let token = try await console.csrf()
            let refused = try await console.post("/admin/links", ["destination": Self.web, "slug": "v1"], csrf: token)
            #expect(refused.status == .badRequest)
            #expect(refused.text.contains(#"id="slug-error""#))
            #expect(refused.text.contains("is reserved for the server"))
            #expect(try await service.store.link(tenant: "storyteller", slug: "v1") == nil)
        }
        await service.close()
    }

    @Test("FDL managedShortLinks:create refuses a routed customSuffix")
    func firebaseRefusesRoutedSuffix() async throws {
        let service = try await TestService.make(manifests: [DeferredTenants.local])
        let key = try await service.key(for: "local")
        try await service.server.makeApplication().test(.router) { client in
            let body =
                #"{"longDynamicLink": "https://localhost/?link=https://localhost/item/8", "name": "N", "suffix": {"option": "CUSTOM", "customSuffix": "v1"}}"#
            let response = try await client.execute(
                uri: "/v1/managedShortLinks:create?key=\(key)", method: .post,
                headers: [.contentType: "application/json", HTTPField.Name("Host")!: "localhost"],
                body: ByteBuffer(string: body))
            #expect(response.status == .badRequest)
            #expect(response.json?[path: "error.message"]?.contains("\"v1\" is reserved") == true, "\(response.text)")
        }
        await service.close()
    }

    @Test("the Firebase import reports a row whose short link's path is a routed segment, and imports the rest")
    func importRefusesRoutedSlugs() async throws {
        let service = try await TestService.make(manifests: [try FirebaseFixture.manifest()])
        let importer = try FirebaseImport(manifest: try FirebaseFixture.manifest(), store: service.store)
        let csv =
            "short_link,link\nhttps://acme.example/v1,https://acme.example/story/1\nhttps://acme.example/ok,https://acme.example/story/2\n"
        let report = try await importer.run(csv: Array(csv.utf8), dryRun: false)
        #expect(report.imported == 1)
        #expect(report.failures.map(\.line) == [2])
        #expect(report.failures.first?.reason.contains("\"v1\" is reserved") == true)
        #expect(try await service.store.link(tenant: "acme", slug: "v1") == nil)
        await service.close()
    }

    @Test("at start-up a warning names every stored link a route shadows")
    func startUpWarnsAboutShadowedLinks() async throws {
        let store = MemoryLinkStore()
        let now = Date()
        for slug in ["v1", "healthz", "fine"] {
            let link = Link(
                id: UUID().uuidString.lowercased(), tenant: "storyteller", domain: "share.stories.example.com",
                slug: slug, content: LinkContent(destination: Self.web), createdAt: now, updatedAt: now)
            _ = try await store.insertLink(link)
        }
        let recorder = LogRecorder()
        let server = try LinkServer(
            configuration: LinkServiceConfiguration(port: 0),
            manifests: [TestService.example("storyteller"), TestService.example("chat")], store: store,
            logger: recorder.logger)
        try await server.makeApplication().test(.router) { client in
            let visit = try await client.execute(
                uri: "/v1", method: .get, headers: .visitor("curl/8", host: "share.stories.example.com"))
            #expect(visit.status == .notFound)
        }
        let warnings = recorder.logged.filter {
            $0.level == .warning && $0.message.hasPrefix("links that never answer")
        }
        #expect(warnings.count == 1)
        #expect(warnings.first?.metadata["links"] == "storyteller/healthz,storyteller/v1")
        try await store.close()
    }

    @Test("no warning at start-up when no stored link is shadowed")
    func startUpIsQuietWithoutShadowedLinks() async throws {
        let recorder = LogRecorder()
        let server = try LinkServer(
            configuration: LinkServiceConfiguration(port: 0), manifests: [TestService.example("storyteller")],
            store: MemoryLinkStore(), logger: recorder.logger)
        try await server.makeApplication().test(.router) { _ in }
        #expect(!recorder.logged.contains { $0.message.hasPrefix("links that never answer") })
    }
}
