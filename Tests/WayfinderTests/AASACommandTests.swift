import Foundation
import Testing

@Suite("wayfinder aasa and assetlinks commands")
struct AASACommandTests {
    static let app = "ABCDE12345.com.storyteller.app"

    /// A temporary folder removed when the test ends.
    final class Folder {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-aasa-\(UUID().uuidString)")
        init() { try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(at: url) }
        func path(_ name: String) -> String { url.appendingPathComponent(name).path }
        func write(_ text: String, _ name: String) throws -> String {
            try text.write(toFile: path(name), atomically: true, encoding: .utf8)
            return path(name)
        }
    }

    @Test("generate prints a file that validate accepts with no findings")
    func generateThenValidate() async throws {
        let generated = try await WayfinderProcess.runDetached([
            "aasa", "generate", "--manifest", "Examples/storyteller.json",
        ])
        #expect(generated.status == 0)
        #expect(generated.stdout.contains(#""/": "/story/?*""#))
        let folder = Folder()
        let file = try folder.write(generated.stdout, "apple-app-site-association")
        let validated = try await WayfinderProcess.runDetached(["aasa", "validate", file])
        #expect(validated.status == 0)
        #expect(validated.stdout.hasSuffix("valid (0 errors, 0 warnings)\n"))
        let legacy = try await WayfinderProcess.runDetached([
            "aasa", "generate", "--manifest", "Examples/storyteller.json", "--legacy",
        ])
        #expect(legacy.stdout.contains(#""NOT /e/*""#))
    }

    @Test("validate exits 1 on errors and prints codes and paths, as JSON lines with --json")
    func validateErrors() async throws {
        let folder = Folder()
        let file = try folder.write(
            #"{"applinks": {"details": [{"appIDs": ["nope"], "components": [{"/": "/$(x)"}]}]}}"#, "aasa.json")
        let text = try await WayfinderProcess.runDetached(["aasa", "validate", file])
        #expect(text.status == 1)
        #expect(text.stdout.contains("applinks.details[0].appIDs[0]"))
        #expect(text.stdout.contains("[invalid-app-id]"))
        #expect(text.stdout.contains("[undefined-variable]"))
        let json = try await WayfinderProcess.runDetached(["aasa", "validate", "--json", file])
        #expect(json.status == 1)
        let lines = json.stdout.split(separator: "\n")
        #expect(lines.first?.hasPrefix(#"{"file":"#) == true)
        #expect(lines.contains { $0.contains(#""code":"undefined-variable""#) && $0.contains(#""severity":"error""#) })
        #expect(lines.last?.contains(#""valid":false"#) == true)
    }

    @Test("match prints each decision with its rule and the failing key")
    func match() async throws {
        let folder = Folder()
        let generated = try await WayfinderProcess.runDetached([
            "aasa", "generate", "--manifest", "Examples/storyteller.json",
        ])
        let file = try folder.write(generated.stdout, "aasa.json")
        let result = try await WayfinderProcess.runDetached([
            "aasa", "match", file, "--domain", "stories.example.com", "--app", Self.app,
            "https://stories.example.com/story/42", "https://stories.example.com/e/1",
            "https://stories.example.com/open/clip",
            "https://other.example.com/story/42",
        ])
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 4)
        #expect(lines[0].hasPrefix("https://stories.example.com/story/42: match: the rule details[0].components["))
        #expect(lines[1].contains("exclude: the exclude rule details[0].components[0]"))
        #expect(lines[2].contains("no_match") || lines[2].contains("exclude"))
        #expect(lines[3].contains("is not the domain"))
        let json = try await WayfinderProcess.runDetached([
            "aasa", "match", file, "--domain", "stories.example.com", "--app", Self.app, "--json",
            "https://stories.example.com/story/42",
        ])
        #expect(
            json.stdout.hasPrefix(
                #"{"url":"https://stories.example.com/story/42","decision":"match","detail":0,"rule":"#))
    }

    @Test("decide answers every JSON line; a bad line answers an error and the run goes on")
    func decide() async throws {
        let aasa =
            #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.x"],"components":[{"/":"/a/*","exclude":true},{"/":"/?*"}]}]}}"#
        let escaped = aasa.replacingOccurrences(of: "\"", with: "\\\"")
        let input =
            [
                #"{"id": 1, "aasa": \#(aasa), "domain": "example.com", "appId": "ABCDE12345.com.x", "url": "https://example.com/b"}"#,
                #"{"id": "two", "aasa": "\#(escaped)", "domain": "example.com", "appId": "ABCDE12345.com.x", "url": "https://example.com/a/1"}"#,
                "not json",
                #"{"id": 4, "domain": "example.com", "appId": "ABCDE12345.com.x", "url": "https://example.com/b"}"#,
                #"{"id": 5, "aasa": "[1", "domain": "example.com", "appId": "ABCDE12345.com.x", "url": "https://example.com/b"}"#,
                #"{"id": 6, "aasa": \#(aasa), "domain": "example.com", "appId": "ABCDE12345.com.y", "url": "https://example.com/b"}"#,
            ].joined(separator: "\n") + "\n"
        let result = try await WayfinderProcess.runDetached(["aasa", "decide"], stdin: input)
        #expect(result.status == 0)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 6)
        #expect(lines[0] == #"{"id":1,"decision":"match"}"#)
        #expect(lines[1] == #"{"id":"two","decision":"exclude"}"#)
        #expect(lines[2].hasPrefix(#"{"id":null,"error":"#))
        #expect(lines[3].hasPrefix(#"{"id":4,"error":"missing \"aasa\""#))
        #expect(lines[4].hasPrefix(#"{"id":5,"error":"#))
        #expect(lines[5] == #"{"id":6,"decision":"no_match"}"#)
    }

    @Test("diff reports changes of meaning and exits 1; a hoisted default is no change")
    func diff() async throws {
        let folder = Folder()
        let a = try folder.write(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "/a", "caseSensitive": false}, {"/": "/b", "caseSensitive": false}]}]}}"#,
            "a.json")
        let b = try folder.write(
            #"{"applinks": {"defaults": {"caseSensitive": false}, "details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "/a"}, {"/": "/b"}]}]}}"#,
            "b.json")
        let c = try folder.write(
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.x"], "components": [{"/": "/b", "caseSensitive": false}, {"/": "/a", "caseSensitive": false}, {"/": "/c"}]}]}}"#,
            "c.json")
        let same = try await WayfinderProcess.runDetached(["aasa", "diff", a, b])
        #expect(same.status == 0)
        #expect(same.stdout == "no change in meaning\n")
        let changed = try await WayfinderProcess.runDetached(["aasa", "diff", "--json", a, c])
        #expect(changed.status == 1)
        #expect(changed.stdout.contains(#""change":"moved""#))
        #expect(changed.stdout.contains(#""change":"added""#))
    }

    static let openssl = ["/usr/bin/openssl", "/usr/local/bin/openssl"].first {
        FileManager.default.isExecutableFile(atPath: $0)
    }

    @Test(
        "sign and verify round-trip, and openssl verifies what sign makes",
        .enabled(if: openssl != nil, "the openssl command is not installed; the CMS interop test needs it")
    )
    func signAndVerify() async throws {
        let openssl = Self.openssl!
        let folder = Folder()
        let made = try await ChildProcess.runDetached(
            openssl,
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:P-256", "-nodes", "-keyout",
                folder.path("key.pem"),
                "-out", folder.path("cert.pem"), "-subj", "/CN=example.com", "-days", "2", "-addext",
                "basicConstraints=critical,CA:TRUE",
            ], standardOutput: .discard, standardError: .discard)
        try #require(made.status == 0)
        let content = #"{"applinks": {"apps": [], "details": [{"appID": "ABCDE12345.com.x", "paths": ["/a/*"]}]}}"#
        let file = try folder.write(content, "aasa.json")
        let signed = try await WayfinderProcess.runDetached([
            "aasa", "sign", file, "--cert", folder.path("cert.pem"), "--key", folder.path("key.pem"), "--output",
            folder.path("aasa.p7m"),
        ])
        #expect(signed.status == 0, "\(signed.stderr)")
        let verified = try await WayfinderProcess.runDetached([
            "aasa", "verify", folder.path("aasa.p7m"), "--ca", folder.path("cert.pem"), "--output",
            folder.path("out.json"),
        ])
        #expect(verified.status == 0, "\(verified.stdout)\(verified.stderr)")
        #expect(verified.stdout.contains("signature valid"))
        #expect(verified.stdout.contains("certificate chain trusted"))
        #expect(try String(contentsOfFile: folder.path("out.json"), encoding: .utf8) == content)
        let validated = try await WayfinderProcess.runDetached(["aasa", "validate", folder.path("aasa.p7m")])
        #expect(validated.status == 0)
        let check = try await ChildProcess.runDetached(
            openssl,
            [
                "smime", "-verify", "-inform", "DER", "-in", folder.path("aasa.p7m"), "-CAfile",
                folder.path("cert.pem"), "-purpose", "any", "-out", folder.path("openssl.json"),
            ], standardOutput: .discard, standardError: .discard)
        #expect(check.status == 0)
        #expect(try String(contentsOfFile: folder.path("openssl.json"), encoding: .utf8) == content)
        let unwritable = folder.path("no-such-folder/aasa.p7m")
        let signedNowhere = try await WayfinderProcess.runDetached([
            "aasa", "sign", file, "--cert", folder.path("cert.pem"), "--key", folder.path("key.pem"), "--output",
            unwritable,
        ])
        #expect(signedNowhere.status == 1)
        #expect(signedNowhere.stderr.contains("\(unwritable): cannot write the file"), "\(signedNowhere.stderr)")
        let verifiedNowhere = try await WayfinderProcess.runDetached([
            "aasa", "verify", folder.path("aasa.p7m"), "--output", folder.path("no-such-folder/out.json"),
        ])
        #expect(verifiedNowhere.status == 1)
        #expect(verifiedNowhere.stderr.contains("cannot write the file"), "\(verifiedNowhere.stderr)")
        let garbage = try await WayfinderProcess.runDetached(["aasa", "verify", file])
        #expect(garbage.status == 1)
        #expect(garbage.stderr.contains("not a DER-encoded CMS signed file"))
    }

    @Test("assetlinks generate and validate")
    func assetLinks() async throws {
        let generated = try await WayfinderProcess.runDetached([
            "assetlinks", "generate", "--manifest", "Examples/storyteller.json",
        ])
        #expect(generated.status == 0)
        #expect(generated.stdout.contains(#""package_name": "com.storyteller.app""#))
        let folder = Folder()
        let file = try folder.write(generated.stdout, "assetlinks.json")
        #expect(try await WayfinderProcess.runDetached(["assetlinks", "validate", file]).status == 0)
        let bad = try folder.write(
            #"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.x", "sha256_cert_fingerprints": ["aa:bb"]}}]"#,
            "bad.json")
        let result = try await WayfinderProcess.runDetached(["assetlinks", "validate", bad])
        #expect(result.status == 1)
        #expect(result.stdout.contains("[0].target.sha256_cert_fingerprints[0]"))
        #expect(result.stdout.contains("[invalid-fingerprint]"))
        let noAndroid = try await WayfinderProcess.runDetached([
            "assetlinks", "generate", "--manifest", "Examples/payments.json",
        ])
        #expect(noAndroid.status == 1)
        #expect(noAndroid.stderr.contains("no \"android\" section"))
    }
}
