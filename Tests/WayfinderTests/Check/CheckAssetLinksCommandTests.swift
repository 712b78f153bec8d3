import Foundation
import Testing

/// `wayfinder check --manifest` on the Android side: dynamic rules compared with the manifest's,
/// and assetlinks.json fetched from every domain of the manifest.
@Suite("wayfinder check: assetlinks.json on every domain, with dynamic rules", .serialized)
struct CheckAssetLinksCommandTests {
    @Test("every other domain of the manifest is checked too, and generated dynamic rules pass")
    func everyDomain() async throws {
        let folder = AASACommandTests.Folder()
        let manifest = try folder.write(
            #"""
            {"id": "storyteller", "ios": {"appIDs": ["ABCDE12345.com.storyteller.app"]},
             "android": {"package": "com.storyteller.app", "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
             "domains": ["127.0.0.1", "localhost"],
             "routes": [{"name": "story", "paths": ["/story/{storyId}"]}, {"name": "category", "paths": ["/category/{categoryId}"]}],
             "exclude": ["/e/*"]}
            """#, "manifest.json")
        let aasa = try await WayfinderProcess.runDetached(["aasa", "generate", "--manifest", manifest])
        let links = try await WayfinderProcess.runDetached(["assetlinks", "generate", "--manifest", manifest])
        #expect(aasa.status == 0 && links.status == 0)
        let replies: [String: Reply] = [
            "/.well-known/apple-app-site-association": .json(aasa.stdout),
            "/apple-app-site-association": .json(aasa.stdout),
            "/.well-known/assetlinks.json": .json(links.stdout),
        ]
        let result = try await CheckCommandTests().check(replies, ["--manifest", manifest])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "✓ assetlinks-dynamic-rules /.well-known/assetlinks.json: the 8 dynamic rules for com.storyteller.app are the manifest's"
            ), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "✓ status /.well-known/assetlinks.json: on localhost: answered 200\n"), "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "✓ assetlinks-dynamic-rules /.well-known/assetlinks.json: on localhost: the 8 dynamic rules"),
            "\(result.stdout)")
        #expect(!result.stdout.contains("✗"))
    }

    @Test("served assetlinks.json without dynamic rules is a warning, not a failure")
    func noDynamicRules() async throws {
        let manifest = try CheckCommandTests.writeManifest(appID: "ABCDE12345.com.storyteller.app")
        defer { try? FileManager.default.removeItem(at: manifest) }
        let result = try await CheckCommandTests().check(CheckCommandTests.wellServed, ["--manifest", manifest.path])
        #expect(result.status == 0, "\(result.stdout)")
        #expect(
            result.stdout.contains(
                "! assetlinks-dynamic-rules /.well-known/assetlinks.json: serves no dynamic App Links rules for com.storyteller.app"
            ), "\(result.stdout)")
    }
}
