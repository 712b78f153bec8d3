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

@Suite("Served assetlinks.json carries the dynamic App Links rules")
struct WellKnownDynamicRulesTests {
    @Test(
        "every domain of every tenant with an Android app serves the manifest's dynamic rules, deciding like its AASA")
    func servedOnEveryDomain() async throws {
        let manifests = try [TestService.example("storyteller"), TestService.example("chat")]
        let service = try await TestService.make(manifests: manifests)
        try await service.server.makeApplication().test(.router) { client in
            for manifest in manifests {
                let android = try #require(manifest.android)
                let appID = try #require(manifest.ios?.appIDs.first).description
                for domain in manifest.domains {
                    let host: HTTPFields = [HTTPField.Name("Host")!: domain]
                    let links = try await client.execute(
                        uri: "/.well-known/assetlinks.json", method: .get, headers: host)
                    let decoded = AssetLinks.decode(Array(links.body.readableBytesView))
                    #expect(decoded.diagnostics.isEmpty, "\(domain): \(decoded.diagnostics.map(\.description))")
                    let statement = try #require(decoded.assetLinks?.statements.first)
                    #expect(statement.dynamicRules == AssetLinksGenerator.dynamicRules(for: manifest), "\(domain)")
                    let aasa = try await client.execute(
                        uri: "/.well-known/apple-app-site-association", method: .get, headers: host)
                    let ios = try CompiledAASA(json: Array(aasa.body.readableBytesView), domain: domain)
                    let compiled = try CompiledAssetLinks(json: Array(links.body.readableBytesView), domain: domain)
                    for path in ["/story/42", "/e/1", "/Ab3xY9z", "/not/a/route", "/u/ann", "/about", "/legal/x"] {
                        let url = "https://\(domain)\(path)"
                        #expect(
                            compiled.decide(package: android.package, url: url) == ios.decide(appID: appID, url: url),
                            "\(url)")
                    }
                }
            }
        }
        await service.close()
    }
}
