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

@Suite("Firebase Dynamic Links import")
struct FirebaseImportTests {
    /// Imports the fixture export into a fresh server's store and runs `body` against the server.
    func withImported(
        _ body: @Sendable (FirebaseImportReport, any TestClientProtocol, TestService) async throws -> Void
    ) async throws {
        let service = try await TestService.make(manifests: [try FirebaseFixture.manifest()])
        let importer = try FirebaseImport(manifest: try FirebaseFixture.manifest(), store: service.store)
        let report = try await importer.run(csv: try FirebaseFixture.export(), dryRun: false)
        try await service.server.makeApplication().test(.router) { client in
            try await body(report, client, service)
        }
        await service.close()
    }

    static func visit(
        _ path: String, _ agent: String, host: String = "acme.example", via client: any TestClientProtocol
    ) async throws -> TestResponse {
        try await client.execute(uri: path, method: .get, headers: .visitor(agent, host: host))
    }

    @Test("each bad row is reported with the line it starts on and why; the good rows are imported")
    func report() async throws {
        try await withImported { report, _, service in
            #expect(report.imported == 3)
            #expect(report.alreadyPresent == 0)
            #expect(report.failed == 4)
            #expect(report.unknownColumns == ["Clicks"])
            #expect(report.failures.map(\.line) == FirebaseFixture.failures.map(\.line))
            for (failure, expected) in zip(report.failures, FirebaseFixture.failures) {
                #expect(failure.reason.hasPrefix(expected.reason), "line \(failure.line): \(failure.reason)")
            }
            #expect(report.warnings.map(\.line) == [8])
            #expect(report.warnings.first?.code == "NOT_IN_PROJECT_ANDROID_PACKAGE_NAME")
            #expect(report.warnings.first?.message.contains("the link opens com.acme.app") == true)
            let spring = try #require(try await service.store.link(tenant: "acme", slug: "spring"))
            #expect(spring.domain == "acme.example")
            #expect(spring.content.social?.title == "Spring, at last")
            #expect(spring.content.social?.description == "She said \"read it\"")
            #expect(spring.content.firebase?.linkName == "Spring")
            let multi = try #require(try await service.store.link(tenant: "acme", slug: "multi"))
            #expect(multi.content.social?.description == "First line\nsecond line")
            #expect(try await service.store.link(tenant: "acme", slug: "droid")?.domain == "go.acme.example")
            #expect(try await service.store.link(tenant: "acme", slug: "evil") == nil)
        }
    }

    @Test("ofl, ifl, ipfl, afl and the social card decide where each platform goes")
    func fallbacks() async throws {
        try await withImported { _, client, _ in
            let desktop = try await Self.visit("/spring", Agents.desktop, via: client)
            #expect(desktop.status == .found)
            #expect(desktop.headers[.location] == "https://www.acme.example/desk")
            // Chrome: the app's intent, with afl where no app takes it.
            let android = try await Self.visit("/spring", Agents.android, via: client)
            #expect(
                AndroidIntent(parsing: android.headers[.location] ?? "")?.fallback == "https://www.acme.example/android"
            )
            let iPhone = try await Self.visit("/spring", Agents.iPhone, via: client)
            #expect(iPhone.status == .ok)
            // The preview page's "Get the app" (it also carries a deferred-link claim, data-claim),
            // after "Open in app", the route's scheme link.
            #expect(
                iPhone.text.withoutClickIDs.contains(
                    #"<a class="button" href="acme://story/1" id="open-app">Open in app</a>"#))
            #expect(iPhone.text.contains(#"<a class="button secondary" href="https://www.acme.example/ios""#))
            let iPad = try await Self.visit("/spring", Agents.iPad, via: client)
            #expect(iPad.status == .ok)
            #expect(iPad.text.contains(#"<a class="button secondary" href="https://www.acme.example/ipad""#))
            let crawler = try await Self.visit("/spring", Agents.facebook, via: client)
            #expect(crawler.status == .ok)
            let html = crawler.text
            #expect(html.contains(#"<meta property="og:title" content="Spring, at last">"#))
            #expect(html.contains(#"<meta property="og:description" content="She said &quot;read it&quot;">"#))
            #expect(html.contains(#"<meta property="og:image" content="https://cdn.acme.example/spring.png">"#))
            #expect(html.contains(#"<meta property="al:ios:url" content="acme://story/1">"#))
            #expect(html.contains(#"<meta property="al:android:url" content="acme://story/1">"#))
            #expect(html.contains(#"<meta property="og:url" content="https://acme.example/spring">"#))
        }
    }

    @Test("efr skips the preview; store campaigns travel as FDL sent them; the route's web page serves desktops")
    func forcedRedirect() async throws {
        try await withImported { _, client, service in
            for path in ["/link/multi", "/multi"] {
                let iPhone = try await Self.visit(path, Agents.iPhone, via: client)
                #expect(iPhone.status == .found, "\(path)")
                #expect(iPhone.headers[.location] == "https://apps.apple.com/app/id555?at=at1&ct=ct1&mt=8&pt=pt1")
            }
            let desktop = try await Self.visit("/link/multi", Agents.desktop, via: client)
            #expect(desktop.headers[.location] == "https://www.acme.example/read/2")
            let multi = try #require(try await service.store.link(tenant: "acme", slug: "multi"))
            let android = try await Self.visit("/link/multi", Agents.android, via: client)
            // efr: Chrome still gets the app's intent (no page involved); its fallback is the store.
            let location = try #require(AndroidIntent(parsing: android.headers[.location] ?? "")?.fallback)
            #expect(location.hasPrefix("https://play.google.com/store/apps/details?id=com.acme.app&referrer="))
            let referrer = URLComponents(string: location)?.queryItems?.first { $0.name == "referrer" }?.value
            // The link's campaign as FDL sent it, then the link, then the deferred-link claim token.
            #expect(
                referrer?.hasPrefix("utm_source=news&utm_campaign=launch&wayfinder_link=\(multi.id)&wf_claim=") == true,
                "\(referrer ?? "")")
        }
    }

    @Test("an apn that is not the manifest's app is a warning, never a change of app; no scheme link, no al:*:url")
    func appMismatch() async throws {
        try await withImported { _, client, _ in
            let android = try await Self.visit("/droid", Agents.android, host: "go.acme.example", via: client)
            let intent = AndroidIntent(parsing: android.headers[.location] ?? "")
            #expect(intent?.packageName == "com.acme.app")
            #expect(intent?.fallback?.hasPrefix("https://play.google.com/store/apps/details?id=com.acme.app&") == true)
            let desktop = try await Self.visit("/droid", Agents.desktop, host: "go.acme.example", via: client)
            #expect(desktop.headers[.location] == "https://www.acme.example")
            let crawler = try await Self.visit("/droid", Agents.facebook, host: "go.acme.example", via: client)
            #expect(!crawler.text.contains("al:ios:url"))
            #expect(!crawler.text.contains("al:android:url"))
            #expect(crawler.text.contains(#"<meta property="al:android:package" content="com.acme.app">"#))
            #expect(crawler.text.contains(#"<meta property="al:web:url" content="https://www.acme.example">"#))
        }
    }

    @Test("a second run imports nothing twice; a changed row is an error and the link is left as it was")
    func secondRun() async throws {
        try await withImported { _, _, service in
            let importer = try FirebaseImport(manifest: try FirebaseFixture.manifest(), store: service.store)
            let before = try await service.store.links(tenant: "acme", after: nil, limit: 100).links
            let again = try await importer.run(csv: try FirebaseFixture.export(), dryRun: false)
            #expect(again.imported == 0)
            #expect(again.alreadyPresent == 3)
            #expect(again.failures.map(\.line) == FirebaseFixture.failures.map(\.line))
            #expect(try await service.store.links(tenant: "acme", after: nil, limit: 100).links == before)

            let changed = "short_link,link\nhttps://acme.example/spring,https://acme.example/story/99\n"
            let conflict = try await importer.run(csv: Array(changed.utf8), dryRun: false)
            #expect(conflict.imported == 0)
            #expect(conflict.failures.map(\.line) == [2])
            #expect(conflict.failures.first?.reason.contains("already has a link with other settings") == true)
            #expect(
                try await service.store.link(tenant: "acme", slug: "spring")?.content.destination
                    == "https://acme.example/story/1")
        }
    }

    @Test("a dry run reports what an import would do and writes nothing")
    func dryRun() async throws {
        let service = try await TestService.make(manifests: [try FirebaseFixture.manifest()])
        let importer = try FirebaseImport(manifest: try FirebaseFixture.manifest(), store: service.store)
        let report = try await importer.run(csv: try FirebaseFixture.export(), dryRun: true)
        #expect(report.dryRun)
        #expect(report.imported == 3)
        #expect(report.failures.map(\.line) == FirebaseFixture.failures.map(\.line))
        #expect(try await service.store.links(tenant: "acme", after: nil, limit: 100).links.isEmpty)
        await service.close()
    }

    @Test(
        "a dry run tells a slug used twice in one file as an import does: the same link again is already present, another link an error"
    )
    func dryRunSlugTwice() async throws {
        let csv = Array(
            """
            short_link,link,st
            https://acme.example/twice,https://acme.example/story/1,One
            https://acme.example/twice,https://acme.example/story/1,One
            https://acme.example/twice,https://acme.example/story/2,Two

            """.utf8)
        var reports: [ImportReport] = []
        for dryRun in [true, false] {
            let service = try await TestService.make(manifests: [try FirebaseFixture.manifest()])
            let importer = try FirebaseImport(manifest: try FirebaseFixture.manifest(), store: service.store)
            reports.append(try await importer.run(csv: csv, dryRun: dryRun))
            await service.close()
        }
        for report in reports {
            #expect(report.imported == 1)
            #expect(report.alreadyPresent == 1)
            #expect(report.failures.map(\.line) == [4])
            #expect(report.failures.first?.reason.contains("(to https://acme.example/story/1)") == true)
        }
    }

    @Test("a missing short_link or link column stops the import before anything is written")
    func missingColumn() async throws {
        let service = try await TestService.make(manifests: [try FirebaseFixture.manifest()])
        let importer = try FirebaseImport(manifest: try FirebaseFixture.manifest(), store: service.store)
        await #expect(throws: FirebaseImportError.missingColumns(["link"], found: ["short_link", "st"])) {
            _ = try await importer.run(csv: Array("short_link,st\nhttps://acme.example/a,A\n".utf8), dryRun: false)
        }
        #expect(try await service.store.links(tenant: "acme", after: nil, limit: 10).links.isEmpty)
        await service.close()
    }
}
