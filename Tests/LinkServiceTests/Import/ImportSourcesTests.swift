import DeepLinkRouting
import Foundation
import LinkCore
import LinkService
import LinkStorage
import Testing

@Suite("Importers of every source (one core)")
struct ImportSourcesTests {
    static func importer(_ format: any ImportFormat, store: any LinkStore, domain: String? = nil) throws -> LinkImport {
        try LinkImport(manifest: try FirebaseFixture.manifest(), store: store, format: format, domain: domain)
    }

    static func links(_ store: any LinkStore) async throws -> [Link] {
        try await store.links(tenant: "acme", after: nil, limit: 100).links
    }

    @Test("each source's fixture imports every row; a second run imports nothing twice", arguments: ImportFixture.all)
    func fixture(_ fixture: ImportFixture) async throws {
        let store = MemoryLinkStore()
        let importer = try Self.importer(fixture.format, store: store)
        let report = try await importer.run(.file(fixture.path), dryRun: false)
        #expect(report.failures.isEmpty, "\(report.lines)")
        #expect(report.imported == fixture.rows)
        #expect(report.rows == fixture.rows)
        #expect(report.importedClicks == fixture.clicks)
        let stored = try await Self.links(store)
        #expect(stored.count == fixture.rows)

        let again = try await importer.run(.file(fixture.path), dryRun: false)
        #expect(again.imported == 0)
        #expect(again.alreadyPresent == fixture.rows)
        #expect(again.failures.isEmpty)
        #expect(try await Self.links(store) == stored)
    }

    @Test(
        "each source's bad rows are reported by line and reason while its good rows go in", arguments: ImportFixture.all
    )
    func badRows(_ fixture: ImportFixture) async throws {
        let store = MemoryLinkStore()
        let report = try await Self.importer(fixture.format, store: store).run(.file(fixture.badPath), dryRun: false)
        #expect(report.imported == 1, "\(report.lines)")
        if fixture.source == "kutt" {
            // Lines of a JSON list are where each item's object starts.
            #expect(report.failures.count == 2, "\(report.lines)")
        } else {
            #expect(report.failures.map(\.line) == fixture.badLines, "\(report.lines)")
        }
        #expect(report.failures.allSatisfy { !$0.reason.isEmpty })
        #expect(try await Self.links(store).count == 1)
    }

    @Test("a dry run of each source reports the same and writes nothing", arguments: ImportFixture.all)
    func dryRun(_ fixture: ImportFixture) async throws {
        let store = MemoryLinkStore()
        let report = try await Self.importer(fixture.format, store: store).run(.file(fixture.badPath), dryRun: true)
        #expect(report.dryRun)
        #expect(report.imported == 1)
        #expect(try await Self.links(store).isEmpty)
    }

    @Test("Branch: the link data keys become destination, fallbacks, social card, UTM and tags")
    func branchMapping() async throws {
        let store = MemoryLinkStore()
        _ = try await Self.importer(BranchFormat(), store: store).run(
            .file(ImportFixture.all[0].path), dryRun: false)
        let summer = try #require(try await store.link(tenant: "acme", slug: "summer"))
        #expect(summer.domain == "go.acme.example")
        #expect(summer.content.destination == "https://acme.example/story/1")
        #expect(summer.content.fallbacks.desktop == "https://www.acme.example/desk")
        #expect(summer.content.fallbacks.ios == "https://www.acme.example/app")
        #expect(summer.content.social?.description == "Long days, short reads")
        #expect(summer.content.utm.campaign == "summer")
        #expect(summer.content.utm.source == "email")
        #expect(summer.content.utm.medium == "marketing")
        #expect(summer.content.tags == ["seasonal", "email"])
    }

    @Test("Shlink: Short code on Domain, Tags split at |; YOURLS keywords go on --domain")
    func slugSources() async throws {
        let store = MemoryLinkStore()
        _ = try await Self.importer(ShlinkFormat(), store: store).run(.file(ImportFixture.all[1].path), dryRun: false)
        let spring = try #require(try await store.link(tenant: "acme", slug: "spring"))
        #expect(spring.domain == "acme.example")
        #expect(spring.content.tags == ["seasonal", "home"])
        #expect(spring.content.social?.title == "Spring stories")
        #expect(try await store.link(tenant: "acme", slug: "about-us")?.domain == "go.acme.example")

        let other = MemoryLinkStore()
        _ = try await Self.importer(YOURLSFormat(), store: other, domain: "go.acme.example").run(
            .file(ImportFixture.all[3].path), dryRun: false)
        #expect(try await other.link(tenant: "acme", slug: "ozh")?.domain == "go.acme.example")
    }

    @Test("Kutt: a banned link stays out, a password is a warning, expire_in is the expiry")
    func kuttMapping() async throws {
        let store = MemoryLinkStore()
        let report = try await Self.importer(KuttFormat(), store: store).run(
            .file(ImportFixture.all[4].path), dryRun: false)
        #expect(report.warnings.map(\.code) == ["PASSWORD_NOT_EXPORTED"])
        let secret = try #require(try await store.link(tenant: "acme", slug: "secret"))
        #expect(secret.content.expiresAt == ISO8601.date(from: "2030-01-01T00:00:00Z"))
        let bad = try await Self.importer(KuttFormat(), store: MemoryLinkStore()).run(
            .file(ImportFixture.all[4].badPath), dryRun: false)
        #expect(bad.failures.contains { $0.reason.contains("banned") })
        #expect(bad.failures.contains { $0.reason.contains("kutt.it is not a domain of acme") })
    }

    @Test("Wayfinder's CSV: the link column is the create body, with its settings")
    func wayfinderMapping() async throws {
        let store = MemoryLinkStore()
        _ = try await Self.importer(WayfinderCSVFormat(), store: store).run(
            .file(ImportFixture.all[5].path), dryRun: false)
        let spring = try #require(try await store.link(tenant: "acme", slug: "spring"))
        #expect(spring.content.utm.source == "news")
        #expect(spring.content.fallbacks.desktop == "https://www.acme.example/desk")
        #expect(spring.content.tags == ["seasonal"])
        #expect(try await store.link(tenant: "acme", slug: "topic")?.content.skipPreview == true)
    }
}
