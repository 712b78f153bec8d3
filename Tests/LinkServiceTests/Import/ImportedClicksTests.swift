import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkStorage
import NIOCore
import Testing

@Suite("Imported click totals")
struct ImportedClicksTests {
    @Test("a source's click total is kept on the link and shown in stats as \"imported\", apart from clicks")
    func statsShowImportedClicks() async throws {
        let service = try await TestService.make(manifests: [try FirebaseFixture.manifest()])
        let key = try await service.key(for: "acme")
        let importer = try LinkImport(
            manifest: try FirebaseFixture.manifest(), store: service.store, format: BitlyFormat())
        let report = try await importer.run(.file(ImportFixture.all[2].path), dryRun: false)
        #expect(report.importedClicks == 49)
        try await service.server.makeApplication().test(.router) { client in
            let stats = try await client.execute(
                uri: "/api/v1/links/3xYzAbc/stats", method: .get, headers: .bearer(key))
            #expect(stats.status == .ok, "\(stats.text)")
            let node = try JSONParser().parse(Array(stats.text.utf8))
            #expect(node["imported"]?.value == .number("42"))
            #expect(node["clicks"]?.value == .number("0"))
        }
        await service.close()
    }

    @Test("the total survives SQLite (schema version 19's links.imported_clicks)")
    func storedInSQLite() async throws {
        try await TemporaryDirectory.with { directory in
            let store = try await SQLiteLinkStore.open(path: directory.path("links.sqlite"))
            let importer = try LinkImport(
                manifest: try FirebaseFixture.manifest(), store: store, format: YOURLSFormat())
            _ = try await importer.run(.file(ImportFixture.all[3].path), dryRun: false)
            #expect(try await store.link(tenant: "acme", slug: "ozh")?.importedClicks == 128)
            #expect(try await store.link(tenant: "acme", slug: "1b")?.importedClicks == 0)
            try await store.close()
        }
    }
}
