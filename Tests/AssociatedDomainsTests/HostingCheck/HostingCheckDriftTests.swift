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

    /// The check's items for these files; with `signer` the AASA is served CMS-signed.
    func served(aasa: String, assetLinks: String? = nil, cdn: FetchedFile.Outcome? = nil, signer: TestSigner? = nil)
        async throws -> [HostingCheckItem]
    {
        let body = try signer?.sign(aasa) ?? Array(aasa.utf8)
        let contentType = signer == nil ? "application/json" : "application/pkcs7-mime"
        var files = [
            FetchedFile(
                file: .appleAppSiteAssociation, url: "https://\(domain)/.well-known/apple-app-site-association",
                outcome: .response(
                    .init(status: 200, headers: [(name: "Content-Type", value: contentType)], body: body)))
        ]
        if let assetLinks {
            files.append(
                FetchedFile(
                    file: .assetLinks, url: "https://\(domain)/.well-known/assetlinks.json",
                    outcome: .response(
                        .init(
                            status: 200, headers: [(name: "Content-Type", value: "application/json")],
                            body: Array(assetLinks.utf8)))))
        }
        if let cdn { files.append(FetchedFile(file: .appleCDN, url: "https://cdn.test/a/v1/\(domain)", outcome: cdn)) }
        return await HostingCheck(domain: domain, manifest: manifest, signingTrustRootsPEM: signer?.certificatePEM)
            .judge(files)
    }

    var generatedAASA: String { AASAGenerator.generate(manifest).jsonText() }
    var generatedAssetLinks: String { AssetLinksGenerator.generate(manifest).jsonText() }

    @Test("the files generated from the manifest cover every app ID, route, exclude, package and fingerprint")
    func generatedFilesHaveNoDrift() async throws {
        let items = try await served(aasa: generatedAASA, assetLinks: generatedAssetLinks)
        let drift = items.filter {
            [.appID, .route, .exclude, .assetLinksPackage, .assetLinksFingerprints].contains($0.rule)
        }
        #expect(drift.count == 1 + manifest.routes.count + manifest.exclude.count + 2)
        #expect(drift.allSatisfy { $0.verdict == .pass }, "\(drift.filter { $0.verdict != .pass })")
        #expect(
            items.contains {
                $0.rule == .route
                    && $0.detail.hasPrefix(
                        "route page: 1 sampled URL decide match, e.g. https://stories.example.com/story/sample/page/E621E1F8"
                    )
            })
    }

    @Test("a wrong app ID fails and names what the file serves instead")
    func wrongAppID() async throws {
        let items = try await served(
            aasa: generatedAASA.replacingOccurrences(
                of: "ABCDE12345.com.storyteller.app", with: "ZZZZZ99999.com.storyteller.app"))
        let item = try #require(items.first { $0.rule == .appID })
        #expect(item.verdict == .fail)
        #expect(
            item.detail
                == "ABCDE12345.com.storyteller.app is not named by any applinks detail (the file names: ZZZZZ99999.com.storyteller.app)"
        )
        #expect(!items.contains { $0.rule == .route }, "an absent app ID is reported once, not once per route")
    }

    @Test("a wrong app ID inside a signed file is caught too; the right one passes every route")
    func signedFileDrift() async throws {
        let signer = try TestSigner()
        let wrong = try await served(
            aasa: generatedAASA.replacingOccurrences(
                of: "ABCDE12345.com.storyteller.app", with: "ZZZZZ99999.com.storyteller.app"), signer: signer)
        let item = try #require(wrong.first { $0.rule == .appID })
        #expect(item.verdict == .fail)
        #expect(
            item.detail
                == "ABCDE12345.com.storyteller.app is not named by any applinks detail (the file names: ZZZZZ99999.com.storyteller.app)"
        )
        let right = try await served(aasa: generatedAASA, signer: signer)
        #expect(right.first { $0.rule == .signature }?.verdict == .pass)
        #expect(right.filter { $0.rule == .route }.count == manifest.routes.count)
        let drift = right.filter { [.signature, .parses, .appID, .route, .exclude].contains($0.rule) }
        #expect(drift.allSatisfy { $0.verdict == .pass }, "\(drift.filter { $0.verdict != .pass })")
    }

    @Test("a route the served file no longer covers fails with the sampled URL and its decision")
    func missingRoute() async throws {
        let aasa =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.storyteller.app"], "components": [{"/": "/e/*", "exclude": true}, {"/": "/help/website/*", "exclude": true}, {"/": "/story/*"}]}]}}"#
        let items = try await served(aasa: aasa)
        let category = try #require(items.first { $0.rule == .route && $0.detail.hasPrefix("route category") })
        #expect(category.verdict == .fail)
        #expect(
            category.detail
                == "route category: https://stories.example.com/category/sample decides no_match for ABCDE12345.com.storyteller.app (expected match)"
        )
        #expect(items.first { $0.rule == .route && $0.detail.hasPrefix("route story:") }?.verdict == .pass)
        #expect(items.filter { $0.rule == .exclude }.allSatisfy { $0.verdict == .pass })
    }

    @Test("an exclude the served file opens in the app fails")
    func excludeNotExcluded() async throws {
        let aasa =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.storyteller.app"], "components": [{"/": "*"}]}]}}"#
        let items = try await served(aasa: aasa)
        let item = try #require(items.first { $0.rule == .exclude })
        #expect(item.verdict == .fail)
        #expect(
            item.detail
                == "exclude /e/*: https://stories.example.com/e/sample decides match for ABCDE12345.com.storyteller.app (expected exclude)"
        )
    }

    @Test("a missing package or fingerprint in assetlinks.json fails")
    func assetLinksDrift() async throws {
        let otherFingerprint = generatedAssetLinks.replacingOccurrences(of: "14:6D:E9", with: "AA:BB:CC")
        let withOtherFingerprint = try await served(aasa: generatedAASA, assetLinks: otherFingerprint)
        let fingerprints = try #require(withOtherFingerprint.first { $0.rule == .assetLinksFingerprints })
        #expect(fingerprints.verdict == .fail)
        #expect(
            fingerprints.detail.hasPrefix(
                "1 fingerprint of the manifest is not listed for com.storyteller.app: 14:6D:E9"))
        let otherPackage = generatedAssetLinks.replacingOccurrences(of: "com.storyteller.app", with: "com.other.app")
        let withOtherPackage = try await served(aasa: generatedAASA, assetLinks: otherPackage)
        let package = try #require(withOtherPackage.first { $0.rule == .assetLinksPackage })
        #expect(package.verdict == .fail)
        #expect(package.detail == "no statement grants com.storyteller.app delegate_permission/common.handle_all_urls")
    }

    @Test("Apple's copy that means the same passes; one that differs warns", arguments: [true, false])
    func appleCDNCurrent(same: Bool) async throws {
        // Same meaning, other formatting; or one rule fewer.
        let cdnText =
            same
            ? AASAGenerator.generate(manifest).jsonText(style: .compact)
            : generatedAASA.replacingOccurrences(of: "/sheet/", with: "/sheets/")
        let cdn = FetchedFile.Outcome.response(
            .init(status: 200, headers: [(name: "Content-Type", value: "application/json")], body: Array(cdnText.utf8)))
        let items = try await served(aasa: generatedAASA, cdn: cdn)
        let item = try #require(items.first { $0.rule == .cdnCurrent })
        #expect(item.verdict == (same ? .pass : .warning))
    }

    static let cdnOrigin = #"""
        {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.storyteller.app"], "components": [
          {"/": "/e/*", "exclude": true, "comment": "embeds"}, {"/": "/story/*"}, {"/": "/category/*"}]}]},
         "webcredentials": {"apps": ["ABCDE12345.com.storyteller.app"]}}
        """#

    func cdnCurrent(origin: String, cdn: String) async throws -> HostingCheckItem {
        let outcome = FetchedFile.Outcome.response(
            .init(status: 200, headers: [(name: "Content-Type", value: "application/json")], body: Array(cdn.utf8)))
        let items = try await served(aasa: origin, cdn: outcome)
        return try #require(items.first { $0.rule == .cdnCurrent })
    }

    @Test("Apple's copy with only a comment edited means the same: the comparison is semantic")
    func appleCDNCommentEdited() async throws {
        let item = try await cdnCurrent(
            origin: Self.cdnOrigin, cdn: Self.cdnOrigin.replacingOccurrences(of: "embeds", with: "embedded players"))
        #expect(item.verdict == .pass)
        #expect(item.detail == "the CDN copy means the same as the origin's")
    }

    @Test("Apple's copy that differs names each change, per app and per service, from the CDN's copy to the origin's")
    func appleCDNChangesListed() async throws {
        let cdn = #"""
            {"applinks": {"details": [{"appIDs": ["ABCDE12345.com.storyteller.app"], "components": [
              {"/": "/e/*", "exclude": true}, {"/": "/story/*"}]}]}}
            """#
        let item = try await cdnCurrent(origin: Self.cdnOrigin, cdn: cdn)
        #expect(item.verdict == .warning)
        #expect(
            item.detail
                == #"the CDN copy differs from the origin's (Apple has not fetched the current file yet); from the CDN's to the origin's: ABCDE12345.com.storyteller.app: added #2: match / "/category/*"; webcredentials: added ABCDE12345.com.storyteller.app"#
        )
    }

    @Test("Apple's copy with rules in another order differs: the first matching rule decides")
    func appleCDNReordered() async throws {
        let cdn = Self.cdnOrigin.replacingOccurrences(
            of: #"{"/": "/story/*"}, {"/": "/category/*"}"#, with: #"{"/": "/category/*"}, {"/": "/story/*"}"#)
        let item = try await cdnCurrent(origin: Self.cdnOrigin, cdn: cdn)
        #expect(item.verdict == .warning)
        #expect(item.detail.contains("ABCDE12345.com.storyteller.app: moved #"), "\(item.detail)")
    }
}
