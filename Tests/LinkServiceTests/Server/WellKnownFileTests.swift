import AssociatedDomains
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

@Suite("Well-known association files")
struct WellKnownFileTests {
    static let paths = [
        "/.well-known/apple-app-site-association", "/apple-app-site-association", "/.well-known/assetlinks.json",
    ]

    @Test("every domain of every tenant serves its files: 200, application/json, cacheable, never a redirect")
    func servedOnEveryDomain() async throws {
        let manifests = try [
            TestService.example("storyteller"), TestService.example("chat"), TestService.example("payments"),
        ]
        let service = try await TestService.make(manifests: manifests)
        try await service.server.makeApplication().test(.router) { client in
            for manifest in manifests {
                for domain in manifest.domains {
                    for path in Self.paths {
                        let response = try await client.execute(
                            uri: path, method: .get, headers: [HTTPField.Name("Host")!: domain])
                        #expect(response.status == .ok, "\(domain)\(path)")
                        #expect(response.headers[.contentType] == "application/json", "\(domain)\(path)")
                        #expect(
                            response.headers[.cacheControl]?.hasPrefix("public, max-age=") == true, "\(domain)\(path)")
                        #expect(response.headers[.location] == nil)
                    }
                }
            }
        }
        await service.close()
    }

    @Test(
        "the served AASA is the manifest's: routes and short links open the app, excludes and deeper unknown paths do not"
    )
    func servedAASADecidesAsTheManifestSays() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().test(.router) { client in
            let domain = "share.stories.example.com"
            let response = try await client.execute(
                uri: "/.well-known/apple-app-site-association", method: .get, headers: [HTTPField.Name("Host")!: domain]
            )
            let aasa = try CompiledAASA(json: Array(response.body.readableBytesView), domain: domain)
            let app = "ABCDE12345.com.storyteller.app"
            #expect(aasa.decide(appID: app, url: "https://\(domain)/story/42") == .match)
            #expect(aasa.decide(appID: app, url: "https://\(domain)/Ab3xY9z") == .match)
            #expect(aasa.decide(appID: app, url: "https://\(domain)/e/123") == .exclude)
            #expect(aasa.decide(appID: app, url: "https://\(domain)/not/a/route") == .exclude)
            #expect(aasa.decide(appID: "ZZZZZ99999.com.other.app", url: "https://\(domain)/story/42") == .noMatch)
        }
        await service.close()
    }

    @Test("the served assetlinks.json names the Android package and fingerprints")
    func servedAssetLinks() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/.well-known/assetlinks.json", method: .get,
                headers: [HTTPField.Name("Host")!: "stories.example.com"])
            let decoded = AssetLinks.decode(Array(response.body.readableBytesView))
            #expect(decoded.diagnostics.filter { $0.severity == .error }.isEmpty)
            let statement = try #require(decoded.assetLinks?.statements.first)
            #expect(statement.relation == [AssetLinks.handleAllURLs])
            #expect(
                statement.target
                    == .androidApp(
                        packageName: "com.storyteller.app",
                        sha256CertFingerprints: [
                            "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"
                        ]))
        }
        await service.close()
    }

    @Test("an unknown host gets 404, not another tenant's files")
    func unknownHost() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/.well-known/apple-app-site-association", method: .get,
                headers: [HTTPField.Name("Host")!: "evil.example.net"])
            #expect(response.status == .notFound)
        }
        await service.close()
    }
}
