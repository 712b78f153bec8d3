import Foundation
import Testing

@Suite("wayfinder assetlinks commands with dynamic App Links rules")
struct AssetLinksCommandTests {
    typealias Folder = AASACommandTests.Folder
    static let package = "com.storyteller.app"
    static let app = AASACommandTests.app

    static func generated(_ folder: Folder) async throws -> (aasa: String, assetLinks: String) {
        let aasa = try await WayfinderProcess.runDetached([
            "aasa", "generate", "--manifest", "Examples/storyteller.json",
        ])
        let links = try await WayfinderProcess.runDetached([
            "assetlinks", "generate", "--manifest", "Examples/storyteller.json",
        ])
        #expect(aasa.status == 0 && links.status == 0)
        return (try folder.write(aasa.stdout, "aasa.json"), try folder.write(links.stdout, "assetlinks.json"))
    }

    /// A hand-written assetlinks.json: one statement for `package` with the rule list `rules`.
    static func file(package: String, rules: String) -> String {
        #"""
        [{"relation": ["delegate_permission/common.handle_all_urls"],
          "target": {"namespace": "android_app", "package_name": "\#(package)",
            "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
          "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \#(rules)}}}]
        """#
    }

    @Test("generate prints the dynamic rules, and validate accepts them with no findings")
    func generateThenValidate() async throws {
        let folder = Folder()
        let file = try await Self.generated(folder).assetLinks
        let text = try String(contentsOfFile: file, encoding: .utf8)
        #expect(text.contains(#""dynamic_app_link_components""#))
        #expect(text.contains(#""/": "/story/?*""#))
        #expect(text.contains(#""comments": "story""#))
        let validated = try await WayfinderProcess.runDetached(["assetlinks", "validate", file])
        #expect(validated.status == 0)
        #expect(validated.stdout.hasSuffix("valid (0 errors, 0 warnings)\n"), "\(validated.stdout)")
    }

    @Test("validate reports dynamic-rule and package-name findings with codes")
    func validateFindings() async throws {
        let folder = Folder()
        let file = try folder.write(
            Self.file(package: "com.example.my-app", rules: #"[{"/": "*"}, {"/": "/a"}, {"?": "x=1"}]"#), "bad.json")
        let result = try await WayfinderProcess.runDetached(["assetlinks", "validate", "--json", file])
        #expect(result.status == 1)
        #expect(result.stdout.contains(#""code":"invalid-package-name""#))
        #expect(result.stdout.contains(#"the segment \"my-app\" contains \"-\""#), "\(result.stdout)")
        #expect(result.stdout.contains(#""code":"unreachable-rule""#))
        #expect(result.stdout.contains(#""code":"component-key-wrong-type""#))
    }

    @Test("validate --manifest warns with decides-unlike-ios where a hand-written file decides a route URL unlike iOS")
    func validateAgainstManifest() async throws {
        let folder = Folder()
        let generated = try await Self.generated(folder).assetLinks
        let clean = try await WayfinderProcess.runDetached([
            "assetlinks", "validate", generated, "--manifest", "Examples/storyteller.json",
        ])
        #expect(clean.status == 0)
        #expect(clean.stdout.hasSuffix("valid (0 errors, 0 warnings)\n"), "\(clean.stdout)")
        // Hand-written: only the story route, spelled as iOS reads it.
        let file = try folder.write(Self.file(package: Self.package, rules: #"[{"/": "/story/*"}]"#), "hand.json")
        let result = try await WayfinderProcess.runDetached([
            "assetlinks", "validate", "--json", file, "--manifest", "Examples/storyteller.json",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains(#""code":"decides-unlike-ios""#), "\(result.stdout)")
        #expect(result.stdout.contains("on Android"), "\(result.stdout)")
        let plain = try await WayfinderProcess.runDetached(["assetlinks", "validate", file])
        #expect(!plain.stdout.contains("decides-unlike-ios"))
    }

    @Test("match prints each decision with its rule index and the failing key")
    func match() async throws {
        let folder = Folder()
        let file = try await Self.generated(folder).assetLinks
        let result = try await WayfinderProcess.runDetached([
            "assetlinks", "match", file, "--domain", "stories.example.com", "--package", Self.package,
            "https://stories.example.com/story/42", "https://stories.example.com/e/1",
            "https://stories.example.com/go/clips", "https://other.example.com/story/42",
        ])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("https://stories.example.com/story/42: match: the rule [0].relation_extensions"))
        #expect(lines[1].contains("exclude: the exclude rule [0].relation_extensions.dynamic_app_link_components[1]"))
        #expect(lines[2].contains("no_match") || lines[2].contains("exclude"))
        #expect(lines[3].contains("is not the domain"))
        let json = try await WayfinderProcess.runDetached([
            "assetlinks", "match", file, "--domain", "stories.example.com", "--package", Self.package, "--json",
            "https://stories.example.com/go/clips?other=1",
        ])
        #expect(json.status == 0)
        #expect(json.stdout.hasPrefix(#"{"url":"https://stories.example.com/go/clips?other=1","decision":"#))
        let missing = try await WayfinderProcess.runDetached([
            "assetlinks", "match", folder.path("none.json"), "--domain", "d", "--package", "a.b", "https://d/",
        ])
        #expect(missing.status == 1)
    }

    @Test("decide answers every JSON line like aasa decide; a bad line answers an error and the run goes on")
    func decide() async throws {
        let links =
            #"[{"relation":["delegate_permission/common.handle_all_urls"],"target":{"namespace":"android_app","package_name":"com.x.app","sha256_cert_fingerprints":[]},"relation_extensions":{"delegate_permission/common.handle_all_urls":{"dynamic_app_link_components":[{"/":"/a/*","exclude":true},{"/":"/?*"}]}}}]"#
        let escaped = links.replacingOccurrences(of: "\"", with: "\\\"")
        let input =
            [
                #"{"id": 1, "assetlinks": \#(links), "domain": "example.com", "package": "com.x.app", "url": "https://example.com/b"}"#,
                #"{"id": "two", "assetlinks": "\#(escaped)", "domain": "example.com", "package": "com.x.app", "url": "https://example.com/a/1"}"#,
                "not json",
                #"{"id": 4, "domain": "example.com", "package": "com.x.app", "url": "https://example.com/b"}"#,
                #"{"id": 5, "assetlinks": "{}", "domain": "example.com", "package": "com.x.app", "url": "https://example.com/b"}"#,
                #"{"id": 6, "assetlinks": \#(links), "domain": "example.com", "package": "com.y.app", "url": "https://example.com/b"}"#,
                #"{"id": 7, "assetlinks": \#(links), "domain": "example.com", "package": "com.x.app", "url": "https://example.com/"}"#,
                #"{"id": 8, "assetlinks": {"a": 1}, "domain": "example.com", "package": "com.x.app", "url": "https://example.com/b"}"#,
            ].joined(separator: "\n") + "\n"
        let result = try await WayfinderProcess.runDetached(["assetlinks", "decide"], stdin: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 8)
        #expect(lines[0] == #"{"id":1,"decision":"match"}"#)
        #expect(lines[1] == #"{"id":"two","decision":"exclude"}"#)
        #expect(lines[2].hasPrefix(#"{"id":null,"error":"#))
        #expect(lines[3].hasPrefix(#"{"id":4,"error":"missing \"assetlinks\""#))
        #expect(lines[4].hasPrefix(#"{"id":5,"error":"\"assetlinks\" cannot be read"#))
        #expect(lines[5] == #"{"id":6,"decision":"no_match"}"#)
        #expect(lines[6] == #"{"id":7,"decision":"no_match"}"#)
        #expect(lines[7].hasPrefix(#"{"id":8,"error":"missing \"assetlinks\""#))
    }

    @Test("aasa decide and assetlinks decide agree on URLs of every kind for files generated from one manifest")
    func decideParity() async throws {
        let folder = Folder()
        let (aasaFile, linksFile) = try await Self.generated(folder)
        let aasa = try String(contentsOfFile: aasaFile, encoding: .utf8).replacingOccurrences(of: "\n", with: "")
        let links = try String(contentsOfFile: linksFile, encoding: .utf8).replacingOccurrences(of: "\n", with: "")
        var urls: [String] = []
        for domain in ["stories.example.com", "share.stories.example.com"] {
            for path in [
                "/story/42", "/story/42/page/0F4E6C8A-1B2C-4D3E-9F80-123456789ABC", "/story/42/deeper",
                "/category/7", "/open/clip", "/open/clip/9", "/open/clip/9/x", "/go/clips", "/sheet/1", "/e/1",
                "/e", "/help/website/a", "/help/website", "/help", "/abc", "/a/b/c", "/", "",
            ] {
                for suffix in [
                    "", "?collectionId=c1", "?collectionId=", "?categoryId=2", "#top", "?collectionId=c1#top",
                ] {
                    urls.append("https://\(domain)\(path)\(suffix)")
                }
            }
        }
        urls.append("https://elsewhere.example.com/story/42")
        var aasaInput = ""
        var linksInput = ""
        for (index, url) in urls.enumerated() {
            aasaInput +=
                #"{"id": \#(index), "aasa": \#(aasa), "domain": "\#(URL(string: url)?.host ?? "")", "appId": "\#(Self.app)", "url": "\#(url)"}"#
                + "\n"
            linksInput +=
                #"{"id": \#(index), "assetlinks": \#(links), "domain": "\#(URL(string: url)?.host ?? "")", "package": "\#(Self.package)", "url": "\#(url)"}"#
                + "\n"
        }
        let ios = try await WayfinderProcess.runDetached(["aasa", "decide"], stdin: aasaInput)
        let android = try await WayfinderProcess.runDetached(["assetlinks", "decide"], stdin: linksInput)
        let iosLines = ios.stdout.split(separator: "\n").map(String.init)
        let androidLines = android.stdout.split(separator: "\n").map(String.init)
        #expect(iosLines.count == urls.count)
        #expect(iosLines == androidLines)
        for (url, (iosLine, androidLine)) in zip(urls, zip(iosLines, androidLines)) where iosLine != androidLine {
            Issue.record("\(url): aasa \(iosLine), assetlinks \(androidLine)")
        }
        for decision in ["match", "exclude", "no_match"] {
            #expect(iosLines.contains { $0.contains(#""decision":"\#(decision)""#) })
        }
    }
}
