import AssociatedDomains
import DeepLinkRouting
import Foundation
import Testing

/// The drift report: what the manifest expects versus what the domain serves, decided by the
/// real matcher on files the real generator wrote (and then broke on purpose).
@Suite("HostingCheck: manifest drift and Apple's CDN")
struct HostingCheckDriftTests {
    static let manifestFile = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples/storyteller.json")
    let manifest: Manifest
    let domain = "stories.example.com"

    init() throws {
        manifest = try Manifest(contentsOf: HostingCheckDriftTests.manifestFile)
    }

    func served(aasa: String, assetLinks: String? = nil, cdn: FetchedFile.Outcome? = nil) -> [HostingCheckItem] {
        var files = [FetchedFile(file: .appleAppSiteAssociation, url: "https://\(domain)/.well-known/apple-app-site-association", outcome: .response(
            .init(status: 200, headers: [(name: "Content-Type", value: "application/json")], body: Array(aasa.utf8))))]
        if let assetLinks {
            files.append(FetchedFile(file: .assetLinks, url: "https://\(domain)/.well-known/assetlinks.json", outcome: .response(
                .init(status: 200, headers: [(name: "Content-Type", value: "application/json")], body: Array(assetLinks.utf8)))))
        }
        if let cdn { files.append(FetchedFile(file: .appleCDN, url: "https://cdn.test/a/v1/\(domain)", outcome: cdn)) }
        return HostingCheck(domain: domain, manifest: manifest).judge(files)
    }

    var generatedAASA: String { AASAGenerator.generate(manifest).jsonText() }
    var generatedAssetLinks: String { AssetLinksGenerator.generate(manifest).jsonText() }

    @Test("the files generated from the manifest cover every app ID, route, exclude, package and fingerprint")
    func generatedFilesHaveNoDrift() {
        let items = served(aasa: generatedAASA, assetLinks: generatedAssetLinks)
        let drift = items.filter { [.appID, .route, .exclude, .assetLinksPackage, .assetLinksFingerprints].contains($0.rule) }
        #expect(drift.count == 1 + manifest.routes.count + manifest.exclude.count + 2)
        #expect(drift.allSatisfy { $0.verdict == .pass }, "\(drift.filter { $0.verdict != .pass })")
        #expect(items.contains { $0.rule == .route && $0.detail.hasPrefix("route page: 1 sampled URL decide match, e.g. https://stories.example.com/story/sample/page/E621E1F8") })
    }

    @Test("a wrong app ID fails and names what the file serves instead")
    func wrongAppID() throws {
        let items = served(aasa: generatedAASA.replacingOccurrences(of: "ABCDE12345.com.storyteller.app", with: "ZZZZZ99999.com.storyteller.app"))
        let item = try #require(items.first { $0.rule == .appID })
        #expect(item.verdict == .fail)
        #expect(item.detail == "ABCDE12345.com.storyteller.app is not named by any applinks detail (the file names: ZZZZZ99999.com.storyteller.app)")
        #expect(!items.contains { $0.rule == .route }, "an absent app ID is reported once, not once per route")
    }

    @Test("a route the served file no longer covers fails with the sampled URL and its decision")
    func missingRoute() throws {
        let aasa = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.storyteller.app"], "components": [{"/": "/e/*", "exclude": true}, {"/": "/help/website/*", "exclude": true}, {"/": "/story/*"}]}]}}"#
        let items = served(aasa: aasa)
        let category = try #require(items.first { $0.rule == .route && $0.detail.hasPrefix("route category") })
        #expect(category.verdict == .fail)
        #expect(category.detail == "route category: https://stories.example.com/category/sample decides no_match for ABCDE12345.com.storyteller.app (expected match)")
        #expect(items.first { $0.rule == .route && $0.detail.hasPrefix("route story:") }?.verdict == .pass)
        #expect(items.filter { $0.rule == .exclude }.allSatisfy { $0.verdict == .pass })
    }

    @Test("an exclude the served file opens in the app fails")
    func excludeNotExcluded() throws {
        let aasa = #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.storyteller.app"], "components": [{"/": "*"}]}]}}"#
        let item = try #require(served(aasa: aasa).first { $0.rule == .exclude })
        #expect(item.verdict == .fail)
        #expect(item.detail == "exclude /e/*: https://stories.example.com/e/sample decides match for ABCDE12345.com.storyteller.app (expected exclude)")
    }

    @Test("a missing package or fingerprint in assetlinks.json fails")
    func assetLinksDrift() throws {
        let otherFingerprint = generatedAssetLinks.replacingOccurrences(of: "14:6D:E9", with: "AA:BB:CC")
        let fingerprints = try #require(served(aasa: generatedAASA, assetLinks: otherFingerprint).first { $0.rule == .assetLinksFingerprints })
        #expect(fingerprints.verdict == .fail)
        #expect(fingerprints.detail.hasPrefix("1 fingerprint of the manifest is not listed for com.storyteller.app: 14:6D:E9"))
        let otherPackage = generatedAssetLinks.replacingOccurrences(of: "com.storyteller.app", with: "com.other.app")
        let package = try #require(served(aasa: generatedAASA, assetLinks: otherPackage).first { $0.rule == .assetLinksPackage })
        #expect(package.verdict == .fail)
        #expect(package.detail == "no statement grants com.storyteller.app delegate_permission/common.handle_all_urls")
    }

    @Test("Apple's copy that means the same passes; one that differs warns", arguments: [true, false])
    func appleCDNCurrent(same: Bool) throws {
        // Same meaning, other formatting; or one rule fewer.
        let cdnText = same ? AASAGenerator.generate(manifest).jsonText(style: .compact)
            : generatedAASA.replacingOccurrences(of: "/sheet/", with: "/sheets/")
        let cdn = FetchedFile.Outcome.response(.init(status: 200, headers: [(name: "Content-Type", value: "application/json")], body: Array(cdnText.utf8)))
        let item = try #require(served(aasa: generatedAASA, cdn: cdn).first { $0.rule == .cdnCurrent })
        #expect(item.verdict == (same ? .pass : .warning))
    }
}
