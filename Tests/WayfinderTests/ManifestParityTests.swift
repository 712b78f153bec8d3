import Foundation
import Testing

/// `wayfinder manifest validate` and `wayfinder serve` load manifests through one function: what
/// one rejects, the other rejects with the same diagnostics, and `serve` says so before it opens
/// the database.
// Serialized, and every process is waited for off the cooperative pool (`runDetached`): dozens
// of child processes at once would starve the loopback servers other suites run meanwhile.
@Suite("manifest validate and serve agree", .serialized)
struct ManifestParityTests {
    /// One manifest per diagnostic code a manifest file can produce, each a small change of a
    /// valid manifest.
    static let rejected: [(code: String, json: String)] = [
        ("invalid-json", #"{"id": "acme","#),
        ("wrong-type", manifest(domains: #""acme.example""#)),
        ("missing-key", manifest(id: nil)),
        ("invalid-tenant-id", manifest(id: #""Acme!""#)),
        ("unknown-key", manifest(extra: #""rotues": []"#)),
        ("missing-platform", manifest(ios: nil)),
        ("invalid-app-id", manifest(ios: #"{"appIDs": ["com.acme.app"], "scheme": "acme"}"#)),
        ("invalid-app-store-id", manifest(ios: #"{"appIDs": ["ABCDE12345.com.acme.app"], "appStoreID": "abc"}"#)),
        ("invalid-scheme", manifest(ios: #"{"appIDs": ["ABCDE12345.com.acme.app"], "scheme": "1acme"}"#)),
        ("empty-domains", manifest(domains: "[]")),
        ("invalid-domain", manifest(domains: #"["not a host"]"#)),
        ("invalid-web-url", manifest(extra: #""web": "ftp://acme.example""#)),
        (
            "invalid-package-name",
            manifest(extra: #""android": {"package": "acme", "sha256CertFingerprints": [\#(fingerprint)]}"#)
        ),
        (
            "invalid-fingerprint",
            manifest(extra: #""android": {"package": "com.acme.app", "sha256CertFingerprints": ["zz"]}"#)
        ),
        ("invalid-route-name", manifest(routes: #"[{"name": "1story", "paths": ["/story/{id}"]}]"#)),
        ("route-without-patterns", manifest(routes: #"[{"name": "story"}]"#)),
        (
            "duplicate-route-name",
            manifest(routes: #"[{"name": "a", "paths": ["/a"]}, {"name": "a", "paths": ["/b"]}]"#)
        ),
        ("invalid-barrier-name", manifest(routes: #"[{"name": "a", "paths": ["/a"], "barriers": ["signed in"]}]"#)),
        ("pattern-unclosed-brace", manifest(routes: #"[{"name": "a", "paths": ["/story/{id"]}]"#)),
        ("pattern-missing-leading-slash", manifest(routes: #"[{"name": "a", "paths": ["story"]}]"#)),
        ("pattern-optional-not-last", manifest(routes: #"[{"name": "a", "paths": ["/a/{x?}/b"]}]"#)),
        ("pattern-catch-all-not-last", manifest(routes: #"[{"name": "a", "paths": ["/a/{x*}/b"]}]"#)),
        ("pattern-duplicate-parameter", manifest(routes: #"[{"name": "a", "paths": ["/a/{x}/{x}"]}]"#)),
        ("pattern-missing-scheme", manifest(routes: #"[{"name": "a", "paths": ["/a"], "schemeLinks": ["open/a"]}]"#)),
        ("unknown-parameter-type", manifest(routes: #"[{"name": "promo", "paths": ["/promo/{code:slug}"]}]"#)),
        (
            "ambiguous-patterns",
            manifest(routes: #"[{"name": "a", "paths": ["/s/{id}"]}, {"name": "b", "paths": ["/s/{other}"]}]"#)
        ),
        (
            "undeclared-scheme",
            manifest(routes: #"[{"name": "a", "paths": ["/a"], "schemeLinks": ["other://open/{id}"]}]"#)
        ),
        (
            "query-parameter-collision",
            manifest(routes: #"[{"name": "a", "paths": ["/s/{id}"], "query": {"id": "required"}}]"#)
        ),
        ("invalid-long-links", manifest(extra: #""longLinks": {"social": "sometimes"}"#)),
        ("invalid-apps", manifest(extra: #""apps": {"attributionWindowDays": 0}"#)),
        (
            "invalid-query-requirement",
            manifest(routes: #"[{"name": "a", "paths": ["/s"], "query": {"q": "sometimes"}}]"#)
        ),
    ]

    static let fingerprint =
        #""14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5""#

    static func manifest(
        id: String? = #""acme""#,
        ios: String? = #"{"appIDs": ["ABCDE12345.com.acme.app"], "scheme": "acme"}"#,
        domains: String = #"["acme.example"]"#,
        routes: String = #"[{"name": "story", "paths": ["/story/{id}"], "schemeLinks": ["acme://open/{id}"]}]"#,
        extra: String? = nil
    ) -> String {
        var members: [String] = []
        if let id { members.append(#""id": \#(id)"#) }
        if let ios { members.append(#""ios": \#(ios)"#) }
        members.append(#""domains": \#(domains)"#)
        members.append(#""routes": \#(routes)"#)
        if let extra { members.append(extra) }
        return "{" + members.joined(separator: ", ") + "}"
    }

    @Test("each rejected manifest is rejected by validate and by serve with the same diagnostics", arguments: rejected)
    func rejectedByBoth(_ testCase: (code: String, json: String)) async throws {
        let directory = try TemporaryFolder()
        let file = try directory.write("manifest.json", testCase.json)
        let database = directory.url.appendingPathComponent("wayfinder.sqlite").path

        let validate = try await WayfinderProcess.runDetached(["manifest", "validate", "--json", file])
        #expect(validate.status == 1, "\(validate.stdout)")
        let validateErrors = Self.errors(fromJSONLines: validate.stdout)
        #expect(validateErrors.contains { $0.code == testCase.code }, "validate said \(validateErrors)")

        let serve = try await WayfinderProcess.runDetached(
            ["serve", "--manifest", file, "--database", "sqlite:" + database, "--port", "0"], environment: [:])
        #expect(serve.status == 1, "\(serve.stderr)")
        #expect(Self.errors(fromText: serve.stderr, file: file) == validateErrors, "\(serve.stderr)")
        #expect(serve.stderr.contains("wayfinder manifest validate \(file)"), "serve gives no advice: \(serve.stderr)")
        #expect(!FileManager.default.fileExists(atPath: database), "serve opened the database of a bad manifest")
    }

    @Test("a manifest that validates clean is served")
    func acceptedByBoth() async throws {
        let directory = try TemporaryFolder()
        let file = try directory.write(
            "manifest.json",
            Self.manifest(routes: #"[{"name": "order", "paths": ["/order/{id:int}", "/o/{id:uuid}"]}]"#))
        let validate = try await WayfinderProcess.runDetached(["manifest", "validate", file])
        #expect(validate.status == 0, "\(validate.stdout)")
        let route = try await WayfinderProcess.runDetached([
            "route", "--manifest", file, "--json", "https://acme.example/order/42",
        ])
        #expect(route.status == 0, "\(route.stderr)")
        #expect(route.stdout.contains(#""route":"order""#), "\(route.stdout)")
        let generate = try await WayfinderProcess.runDetached(["aasa", "generate", "--manifest", file])
        #expect(generate.status == 0, "\(generate.stderr)")
    }

    @Test("every command that takes --manifest rejects what validate rejects, naming the file")
    func everyCommandRejects() async throws {
        let directory = try TemporaryFolder()
        let file = try directory.write(
            "manifest.json", Self.manifest(routes: #"[{"name": "promo", "paths": ["/promo/{code:slug}"]}]"#))
        let database = "sqlite:" + directory.url.appendingPathComponent("k.sqlite").path
        let commands: [[String]] = [
            ["route", "--manifest", file, "https://acme.example/promo/x"],
            ["aasa", "generate", "--manifest", file],
            ["assetlinks", "generate", "--manifest", file],
            ["keys", "create", "--tenant", "acme", "--manifest", file, "--database", database],
        ]
        for command in commands {
            let result = try await WayfinderProcess.runDetached(command, environment: [:])
            #expect(result.status == 1, "\(command): \(result.stderr)")
            #expect(
                result.stderr.split(separator: "\n").contains {
                    $0.hasPrefix("\(file):") && $0.contains(": error: routes[0].paths[0]: ")
                }, "\(command): \(result.stderr)")
            #expect(result.stderr.contains("[unknown-parameter-type]"), "\(command): \(result.stderr)")
        }
    }

    struct Finding: Hashable, CustomStringConvertible {
        var code: String
        var path: String
        var description: String { "\(code) at \(path)" }
    }

    static func errors(fromJSONLines text: String) -> [Finding] {
        text.split(separator: "\n").compactMap { line in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["severity"] as? String == "error", let code = object["code"] as? String,
                let path = object["path"] as? String
            else { return nil }
            return Finding(code: code, path: path)
        }
    }

    /// Errors from `FILE[:LINE:COLUMN]: error: PATH: message [code]` lines.
    static func errors(fromText text: String, file: String) -> [Finding] {
        text.split(separator: "\n").compactMap { line in
            guard line.hasPrefix("\(file):"), line.hasSuffix("]"), let open = line.lastIndex(of: "["),
                let marker = line.range(of: ": error: ")
            else { return nil }
            let rest = line[marker.upperBound...]
            guard let colon = rest.range(of: ": ") else { return nil }
            let code = line[line.index(after: open)..<line.index(before: line.endIndex)]
            return Finding(code: String(code), path: String(rest[..<colon.lowerBound]))
        }
    }
}

/// A folder of its own for one test, removed when the test is done, pass or fail.
final class TemporaryFolder {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-test-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ text: String) throws -> String {
        let file = url.appendingPathComponent(name)
        try Data(text.utf8).write(to: file)
        return file.path
    }

    deinit {
        try? FileManager.default.removeItem(at: url)
    }
}
