import AssociatedDomains
import DeepLinkRouting
import Foundation
import Testing

/// The Android parts of the check: dynamic rules versus the manifest's, the 1 MiB size limit, and
/// the files of the manifest's other domains.
@Suite("HostingCheck: assetlinks.json dynamic rules, size and other domains")
struct HostingCheckAssetLinksTests {
    let manifest: Manifest
    let domain = "stories.example.com"

    init() throws {
        manifest = try Manifest(contentsOf: HostingCheckDriftTests.manifestFile)
    }

    static func fetched(_ body: [UInt8], domain: String, fullLength: Int? = nil) -> FetchedFile {
        FetchedFile(
            file: .assetLinks, url: "https://\(domain)/.well-known/assetlinks.json",
            outcome: .response(
                .init(
                    status: 200, headers: [(name: "Content-Type", value: "application/json")], body: body,
                    fullLength: fullLength)))
    }

    func items(_ assetLinks: String) async -> [HostingCheckItem] {
        await HostingCheck(domain: domain, manifest: manifest).judge([
            Self.fetched(Array(assetLinks.utf8), domain: domain)
        ])
    }

    var generated: AssetLinks { AssetLinksGenerator.generate(manifest) }

    @Test("the generated file's dynamic rules pass")
    func generatedPasses() async throws {
        let item = try #require(await items(generated.jsonText()).first { $0.rule == .assetLinksDynamicRules })
        #expect(item.verdict == .pass, "\(item.detail)")
        #expect(
            item.detail.hasPrefix(
                "the \(generated.statements[0].dynamicRules!.count) dynamic rules for com.storyteller.app are the manifest's"
            ))
    }

    @Test("a file without dynamic rules warns: the intent filters alone decide")
    func missingRulesWarn() async throws {
        var bare = generated
        bare.statements[0].dynamicRules = nil
        let item = try #require(await items(bare.jsonText()).first { $0.rule == .assetLinksDynamicRules })
        #expect(item.verdict == .warning)
        #expect(item.detail.contains("serves no dynamic App Links rules"))
        #expect(item.fix?.contains("wayfinder assetlinks generate") == true)
    }

    @Test("served rules that decide a route differently fail, naming the URL")
    func differentDecisionsFail() async throws {
        var changed = generated
        changed.statements[0].dynamicRules!.insert(AssetLinks.DynamicRule(path: "/story/*", exclude: true), at: 0)
        let item = try #require(await items(changed.jsonText()).first { $0.rule == .assetLinksDynamicRules })
        #expect(item.verdict == .fail)
        #expect(
            item.detail.contains(
                "https://stories.example.com/story/sample decides exclude, the manifest's rules match"),
            "\(item.detail)")
    }

    @Test("served rules that differ but decide every sample alike warn, naming the first difference")
    func differentRulesWarn() async throws {
        var changed = generated
        changed.statements[0].dynamicRules!.append(AssetLinks.DynamicRule(path: "/never", exclude: true))
        let item = try #require(await items(changed.jsonText()).first { $0.rule == .assetLinksDynamicRules })
        #expect(item.verdict == .warning, "\(item.detail)")
        #expect(item.detail.contains("served nothing") == false)
        #expect(item.detail.contains("exclude / \"/never\""), "\(item.detail)")
        // Comments do not count.
        var renamed = generated
        renamed.statements[0].dynamicRules = renamed.statements[0].dynamicRules!.map {
            var rule = $0
            rule.comments = "renamed"
            return rule
        }
        let same = try #require(await items(renamed.jsonText()).first { $0.rule == .assetLinksDynamicRules })
        #expect(same.verdict == .pass)
    }

    @Test("assetlinks.json is held to Android's 1 MiB, not Apple's 128 KB; over it is a warning")
    func sizeLimit() async throws {
        let padded = generated.jsonText() + String(repeating: " ", count: 200_000)
        let medium = await items(padded)
        let size = try #require(medium.first { $0.rule == .size })
        #expect(size.verdict == .pass, "\(size.detail)")
        #expect(medium.contains { $0.rule == .parses && $0.verdict == .pass })
        let large = await HostingCheck(domain: domain, manifest: manifest).judge([
            Self.fetched(Array(generated.jsonText().utf8), domain: domain, fullLength: 2_000_000)
        ])
        let tooLarge = try #require(large.first { $0.rule == .size })
        #expect(tooLarge.verdict == .warning)
        #expect(tooLarge.detail.contains("over 1048576 bytes (1 MiB)"))
        #expect(HostingCheck.assetLinksSizeLimit == 1_048_576)
    }

    @Test("another domain's file is judged by the same rules, each line naming the domain")
    func otherDomain() async throws {
        let check = HostingCheck(domain: domain, manifest: manifest)
        let other = "share.stories.example.com"
        let good = await check.judgeAssetLinks(on: other, Self.fetched(Array(generated.jsonText().utf8), domain: other))
        #expect(good.allSatisfy { $0.detail.hasPrefix("on share.stories.example.com: ") })
        #expect(good.allSatisfy { $0.verdict == .pass }, "\(good.filter { $0.verdict != .pass })")
        #expect(good.contains { $0.rule == .assetLinksDynamicRules })
        let missing = await check.judgeAssetLinks(
            on: other,
            FetchedFile(
                file: .assetLinks, url: "https://\(other)/.well-known/assetlinks.json",
                outcome: .response(.init(status: 404, headers: [], body: []))))
        #expect(missing.contains { $0.rule == .status && $0.verdict == .fail })
    }
}
