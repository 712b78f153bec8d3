import DeepLinkRouting
import Foundation
import Testing

/// The example manifests shipped in `Examples/`, found from this file's location.
enum ExampleManifests {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Examples")

    static var files: [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted().map { directory.appendingPathComponent($0) }
    }
}

@Suite("App manifest loader")
struct ManifestTests {
    static let valid = """
        {
          "id": "example",
          "name": "Example",
          "ios": { "appIDs": ["ABCDE12345.com.example.app"], "appStoreID": "1234567890", "scheme": "example" },
          "android": { "package": "com.example.app",
                       "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"],
                       "scheme": "example" },
          "domains": ["example.com", "share.example.com"],
          "web": "https://www.example.com",
          "routes": [
            { "name": "story", "paths": ["/story/{storyId}"], "schemeLinks": ["example://open/{storyId}"] },
            { "name": "page",  "paths": ["/page/{pageId:uuid}"], "schemeLinks": ["example://open/{storyId}/{pageId}"] },
            { "name": "clips", "paths": ["/open/clip/{clipId?}", "/go/clips"],
              "query": { "collectionId": "required", "categoryId": "optional" } },
            { "name": "transaction", "paths": ["/transaction/{transactionId:int}"], "barriers": ["signedIn"] }
          ],
          "exclude": ["/e/*", "/help/website/*"]
        }
        """

    /// The design document's manifest with `edit` applied to its JSON object.
    static func variant(_ edit: (inout [String: Any]) -> Void) -> Data {
        var object = try! JSONSerialization.jsonObject(with: Data(valid.utf8)) as! [String: Any]
        edit(&object)
        return try! JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
    }

    @Test("the design document's manifest loads with every field typed")
    func loadsDesignManifest() throws {
        let decoded = Manifest.decode(Data(Self.valid.utf8))
        #expect(decoded.diagnostics.isEmpty)
        let manifest = try #require(decoded.manifest)
        #expect(manifest.id == "example")
        #expect(manifest.ios?.appIDs.map(\.description) == ["ABCDE12345.com.example.app"])
        #expect(manifest.ios?.appIDs.first?.teamID == "ABCDE12345")
        #expect(manifest.android?.package == "com.example.app")
        #expect(manifest.domains == ["example.com", "share.example.com"])
        #expect(manifest.customSchemes == ["example"])
        #expect(manifest.routes.map(\.name) == ["story", "page", "clips", "transaction"])
        let clips = try #require(manifest.route(named: "clips"))
        #expect(
            clips.query == [
                .init(name: "collectionId", requirement: .required), .init(name: "categoryId", requirement: .optional),
            ])
        #expect(manifest.route(named: "transaction")?.barriers == ["signedIn"])
        #expect(manifest.exclude.map(\.text) == ["/e/*", "/help/website/*"])
        #expect(manifest.shortLinksOpenApp)
    }

    @Test("every example manifest validates clean", arguments: ExampleManifests.files)
    func examplesValidateClean(file: URL) throws {
        let decoded = Manifest.decode(try Data(contentsOf: file))
        #expect(decoded.diagnostics == [])
        #expect(decoded.manifest != nil)
    }

    @Test("malformed JSON is reported with its line and column")
    func malformedJSON() {
        let decoded = Manifest.decode(Data("{\n  \"id\": \"x\",\n  \"domains\": [\"a.com\",]\n}".utf8))
        #expect(decoded.manifest == nil)
        #expect(decoded.diagnostics.count == 1)
        let diagnostic = decoded.diagnostics[0]
        #expect(diagnostic.code == "invalid-json")
        #expect(diagnostic.path == .root)
        #expect(
            diagnostic.message
                == "not valid JSON at line 3, column 23: unexpected character \"]\"; expected a JSON value")
        #expect(diagnostic.location?.line == 3)
        #expect(diagnostic.location?.column == 23)
    }

    @Test("a document that is not an object says what a manifest is")
    func notAnObject() {
        let decoded = Manifest.decode(Data("[1, 2]".utf8))
        #expect(
            decoded.diagnostics.map(\.description) == [
                "error: $: expected an object (the app manifest), found an array [wrong-type]"
            ])
    }

    @Test("all problems are reported, not just the first, in document order")
    func reportsEveryProblem() {
        let data = Self.variant { object in
            object["id"] = "Not Valid"
            object["domains"] = ["https://example.com/x", "example.com"]
            var routes = object["routes"] as! [[String: Any]]
            routes[2]["paths"] = ["/story/{id"]
            object["routes"] = routes
        }
        let decoded = Manifest.decode(data)
        #expect(decoded.manifest == nil)
        #expect(
            decoded.diagnostics.map { "\($0.code) \($0.path): \($0.message)" } == [
                "invalid-tenant-id id: \"Not Valid\" is not a tenant identifier; use 1 to 63 lowercase letters, digits and \"-\", not starting or ending with \"-\"",
                "invalid-domain domains[0]: \"https://example.com/x\" has a scheme; write the host name only, such as \"example.com\"",
                "pattern-unclosed-brace routes[2].paths[0]: \"/story/{id\" has an unclosed \"{\" at offset 7",
            ])
    }

    @Test(
        "each invalid field gets its own code, path and message",
        arguments: [
            (
                "wrong type for paths",
                { @Sendable (o: inout [String: Any]) in
                    var routes = o["routes"] as! [[String: Any]]
                    routes[0]["paths"] = "/story/{storyId}"
                    o["routes"] = routes
                },
                "wrong-type", "routes[0].paths",
                "expected an array of strings (universal-link path patterns, such as \"/story/{storyId}\"), found a string"
            ),
            (
                "bad app ID", { @Sendable o in o["ios"] = ["appIDs": ["abcde12345.com.example.app"]] },
                "invalid-app-id", "ios.appIDs[0]",
                "\"abcde12345.com.example.app\" is not an app ID; expected <10 upper-case letters or digits (the Team ID)>.<bundle ID>, such as \"ABCDE12345.com.example.app\""
            ),
            (
                "bad App Store ID",
                { @Sendable o in o["ios"] = ["appIDs": ["ABCDE12345.com.example.app"], "appStoreID": "id123"] },
                "invalid-app-store-id", "ios.appStoreID",
                "\"id123\" is not an App Store ID; expected a string of digits such as \"1234567890\" (the number in the app's App Store URL, without \"id\")"
            ),
            (
                "short fingerprint",
                { @Sendable o in o["android"] = ["package": "com.example.app", "sha256CertFingerprints": ["14:6D:E9"]]
                },
                "invalid-fingerprint", "android.sha256CertFingerprints[0]",
                "\"14:6D:E9\" is not a SHA-256 fingerprint; expected 32 colon-separated upper-case hex bytes such as \"14:6D:E9:…:44:E5\""
            ),
            (
                "lower-case fingerprint",
                { @Sendable o in
                    o["android"] = [
                        "package": "com.example.app",
                        "sha256CertFingerprints": [String(repeating: "ab:", count: 31) + "ab"],
                    ]
                },
                "invalid-fingerprint", "android.sha256CertFingerprints[0]",
                "\"\(String(repeating: "ab:", count: 31) + "ab")\" is not a SHA-256 fingerprint; expected 32 colon-separated upper-case hex bytes such as \"14:6D:E9:…:44:E5\""
            ),
            (
                "bad package",
                { @Sendable o in
                    o["android"] = [
                        "package": "app", "sha256CertFingerprints": [String(repeating: "AB:", count: 31) + "AB"],
                        "scheme": "example",
                    ]
                },
                "invalid-package-name", "android.package",
                "\"app\" is not an Android package name; expected two or more dot-separated parts, each a letter followed by letters, digits or \"_\", such as \"com.example.app\""
            ),
            (
                "empty domain list", { @Sendable o in o["domains"] = [String]() },
                "empty-domains", "domains",
                "the list is empty; name at least one host, such as \"example.com\", whose links open the app"
            ),
            (
                "domain with port", { @Sendable o in o["domains"] = ["example.com:8443"] },
                "invalid-domain", "domains[0]",
                "\"example.com:8443\" has a port; write the host name only (the link server listens on its own port)"
            ),
            (
                "IDN domain", { @Sendable o in o["domains"] = ["bücher.example"] },
                "invalid-domain", "domains[0]",
                "\"bücher.example\" is an internationalized name; write it in punycode (\"xn--…\"), as DNS and iOS expect"
            ),
            (
                "bad scheme",
                { @Sendable o in o["ios"] = ["appIDs": ["ABCDE12345.com.example.app"], "scheme": "my_app://"] },
                "invalid-scheme", "ios.scheme",
                "\"my_app://\" is not a URL scheme; a scheme is a letter followed by letters, digits, \"+\", \"-\" or \".\" (write it without \"://\")"
            ),
            (
                "bad web URL", { @Sendable o in o["web"] = "www.example.com" },
                "invalid-web-url", "web",
                "\"www.example.com\" is not a web address; expected an absolute http or https URL such as \"https://www.example.com\""
            ),
            (
                "duplicate route",
                { @Sendable (o: inout [String: Any]) in
                    var routes = o["routes"] as! [[String: Any]]
                    routes[1]["name"] = "story"
                    o["routes"] = routes
                },
                "duplicate-route-name", "routes[1].name",
                "the route name \"story\" is already used by routes[0]; route names must be unique"
            ),
            (
                "bad query requirement",
                { @Sendable (o: inout [String: Any]) in
                    var routes = o["routes"] as! [[String: Any]]
                    routes[2]["query"] = ["collectionId": "mandatory"]
                    o["routes"] = routes
                },
                "invalid-query-requirement", "routes[2].query.collectionId",
                "\"mandatory\" is not a query requirement; expected \"required\" or \"optional\""
            ),
            (
                "undeclared scheme",
                { @Sendable (o: inout [String: Any]) in
                    var routes = o["routes"] as! [[String: Any]]
                    routes[0]["schemeLinks"] = ["other://open/{storyId}"]
                    o["routes"] = routes
                },
                "undeclared-scheme", "routes[0].schemeLinks[0]",
                "\"other://open/{storyId}\" uses the scheme \"other\", which the app does not register; declared: example"
            ),
            (
                "duplicate parameter",
                { @Sendable (o: inout [String: Any]) in
                    var routes = o["routes"] as! [[String: Any]]
                    routes[0]["paths"] = ["/s/{id}/{id}"]
                    o["routes"] = routes
                },
                "pattern-duplicate-parameter", "routes[0].paths[0]",
                "\"/s/{id}/{id}\" captures \"id\" twice (again at offset 8); parameter names must be unique in a pattern"
            ),
            (
                "no platform",
                { @Sendable (o: inout [String: Any]) in
                    o["ios"] = nil
                    o["android"] = nil
                    o["routes"] = (o["routes"] as! [[String: Any]]).map {
                        var r = $0
                        r["schemeLinks"] = nil
                        return r
                    }
                },
                "missing-platform", "$",
                "the manifest names no app; add \"ios\" (appIDs) or \"android\" (package and fingerprints) or both"
            ),
            (
                "missing id", { @Sendable o in o["id"] = nil },
                "missing-key", "$", "missing \"id\": the tenant identifier, such as \"example\""
            ),
            (
                "query item that is also a path parameter",
                { @Sendable (o: inout [String: Any]) in
                    var routes = o["routes"] as! [[String: Any]]
                    routes[0]["query"] = ["storyId": "optional"]
                    o["routes"] = routes
                },
                "query-parameter-collision", "routes[0].query.storyId",
                "\"storyId\" is both a path parameter and a query item; query values join the route's parameters, so rename one"
            ),
        ] as [(String, @Sendable (inout [String: Any]) -> Void, String, String, String)]
    )
    func invalidField(
        _ label: String, edit: @Sendable (inout [String: Any]) -> Void, code: String, path: String, message: String
    ) {
        let decoded = Manifest.decode(Self.variant(edit))
        let errors = decoded.diagnostics.filter { $0.severity == .error }
        #expect(decoded.manifest == nil, "\(label)")
        #expect(errors.map(\.code) == [code], "\(label)")
        #expect(errors.first?.path.description == path, "\(label)")
        #expect(errors.first?.message == message, "\(label)")
    }

    @Test("unknown keys are warnings that suggest the nearest known key")
    func unknownKeysWarn() throws {
        let data = Self.variant { object in
            object["rotues"] = []
            object["shortLinks"] = true
        }
        let decoded = Manifest.decode(data)
        #expect(decoded.manifest != nil)
        #expect(decoded.diagnostics.map(\.severity) == [.warning, .warning])
        #expect(
            decoded.diagnostics.map(\.message) == [
                "unknown key \"rotues\"; did you mean \"routes\"?", "unknown key \"shortLinks\"",
            ])
        #expect(decoded.diagnostics.map(\.path.description) == ["rotues", "shortLinks"])
    }

    @Test("a transposed key the route lacks (pahts) is one error that suggests the fix, not two")
    func transposedKeyIsOneError() throws {
        let data = Self.variant { object in
            var routes = object["routes"] as! [[String: Any]]
            routes[0]["pahts"] = routes[0].removeValue(forKey: "paths")
            routes[0].removeValue(forKey: "schemeLinks")
            object["routes"] = routes
            object.removeValue(forKey: "domains")
            object["dommains"] = ["stories.example.com"]
        }
        let loaded = ManifestLoader().load(data)
        #expect(loaded.manifest == nil)
        #expect(loaded.diagnostics.map(\.severity) == [.error, .error])
        #expect(loaded.diagnostics.map(\.code) == ["unknown-key", "unknown-key"])
        #expect(
            Set(loaded.diagnostics.map(\.message)) == [
                "unknown key \"dommains\"; did you mean \"domains\"?", "unknown key \"pahts\"; did you mean \"paths\"?",
            ])
        // Manifest.decode keeps unknown keys as warnings, but a typo of a key the object needs is
        // the error that explains the missing key.
        #expect(Manifest.decode(data).diagnostics.filter { $0.severity == .error }.count == 2)
    }

    @Test("a parameter type that is not built in is a warning naming it")
    func unknownParameterTypeWarns() {
        let data = Self.variant { object in
            var routes = object["routes"] as! [[String: Any]]
            routes[0]["paths"] = ["/story/{storyId:slug}"]
            object["routes"] = routes
        }
        let decoded = Manifest.decode(data)
        #expect(decoded.manifest != nil)
        #expect(decoded.diagnostics.map(\.code) == ["unknown-parameter-type"])
    }

    @Test("the throwing initializer carries every diagnostic")
    func throwingInitializer() {
        #expect(throws: ManifestError.self) { try Manifest(json: Data("{}".utf8)) }
        do {
            _ = try Manifest(json: Data("{}".utf8))
        } catch {
            #expect(error.errors.map(\.code) == ["missing-key", "missing-platform", "missing-key", "missing-key"])
        }
    }
}
