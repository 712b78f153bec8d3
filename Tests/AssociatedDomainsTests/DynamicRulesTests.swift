import AssociatedDomains
import DeepLinkRouting
import Foundation
import Testing

@Suite("Android dynamic App Links rules: generation, validation, decisions")
struct DynamicRulesTests {
    static let fingerprint = AssetLinksValidatorTests.fingerprint
    static let rulesPath =
        #"[0].relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components"#
    static var storyteller: Manifest { Examples.manifests.first { $0.id == "storyteller" }! }

    /// An assetlinks.json with one statement for com.x.app carrying `rules` (JSON text).
    static func file(_ rules: String, package: String = "com.x.app") -> [UInt8] {
        Array(
            """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "\(package)", "sha256_cert_fingerprints": ["\(fingerprint)"]},
              "relation_extensions": {"delegate_permission/common.handle_all_urls": {"dynamic_app_link_components": \(rules)}}}]
            """.utf8)
    }

    @Test("the generated rules are the AASA components in the same order, spelled for Android")
    func generatedRules() throws {
        let manifest = Self.storyteller
        let rules = AssetLinksGenerator.dynamicRules(for: manifest)
        let components = AASAGenerator.components(for: manifest)
        // Android spells a "/x/*" glob as "/x" then "/x/*"; otherwise one rule per component.
        var expected: [(String?, Bool, String?)] = []
        for component in components {
            let path = component.path ?? ""
            if path.hasSuffix("/*") && path.count > 2 {
                expected.append((String(path.dropLast(2)), component.exclude == true, component.comment))
            }
            expected.append((path, component.exclude == true, component.comment))
        }
        var seen: [String] = []
        expected = expected.filter { item in
            let key = "\(item.0 ?? "")|\(item.1)|\(item.2 ?? "")"
            if seen.contains(key) { return false }
            seen.append(key)
            return true
        }
        #expect(rules.map(\.path) == expected.map(\.0))
        #expect(rules.map(\.excludes) == expected.map(\.1))
        #expect(rules.map(\.comments) == expected.map(\.2))
        #expect(rules.first == AssetLinks.DynamicRule(path: "/e", exclude: true))
        let clips = try #require(rules.first { $0.path == "/go/clips" })
        #expect(clips.query == [AASAFile.QueryItemPattern(name: "collectionId", pattern: "?*")])
        #expect(clips.comments == "clips")
        let text = AssetLinksGenerator.generate(manifest).jsonText()
        #expect(text.contains(#""relation_extensions""#))
        #expect(text.contains(#""dynamic_app_link_components""#))
    }

    @Test("a generated assetlinks.json reads back equal and validates with no findings, for every example")
    func generatedValidatesClean() {
        for manifest in Examples.manifests + ParityManifests.all where manifest.android != nil {
            let links = AssetLinksGenerator.generate(manifest)
            let decoded = AssetLinks.decode(Array(links.jsonText().utf8))
            #expect(decoded.assetLinks == links, "\(manifest.id)")
            #expect(!decoded.diagnostics.contains { $0.severity == .error }, "\(manifest.id)")
            // The test manifests are built to stress the rule list, and may have rules that make
            // others unreachable on both platforms; the shipped examples must be clean.
            if Examples.manifests.contains(manifest) {
                #expect(decoded.diagnostics.isEmpty, "\(manifest.id): \(decoded.diagnostics.map(\.description))")
            }
        }
    }

    @Test(
        "dynamic-rule findings with codes and paths",
        arguments: [
            ("wrong-type", "", #"{"/": "/a"}"#),
            ("wrong-type", "[0]", #"["/a"]"#),
            ("component-key-wrong-type", "[0][\"/\"]", #"[{"/": 1}]"#),
            ("component-key-wrong-type", "[0].exclude", #"[{"/": "/a", "exclude": "yes"}]"#),
            ("component-key-wrong-type", "[0][\"?\"]", #"[{"?": "a=1"}]"#),
            ("query-value-not-string", "[0][\"?\"].a", #"[{"?": {"a": true}}]"#),
            ("unknown-key", "[0].comment", #"[{"/": "/a", "comment": "x"}]"#),
            ("unknown-key", "[0].caseSensitive", #"[{"/": "/a", "caseSensitive": false}]"#),
            ("dynamic-rules-empty", "", "[]"),
            ("path-not-absolute", "[0][\"/\"]", #"[{"/": "a/b"}]"#),
            ("substitution-variable-unsupported", "[0]", #"[{"/": "/$(lang)/a"}]"#),
            ("unreachable-rule", "[1]", #"[{"/": "*"}, {"/": "/a"}]"#),
            ("unreachable-rule", "[2]", #"[{"/": "/a/*"}, {"/": "/b"}, {"/": "/a/b", "?": {"x": "1"}}]"#),
            ("rule-matches-nothing", "[0]", #"[{}, {"/": "/a", "exclude": true}]"#),
            ("rule-matches-nothing", "[0]", #"[{"comments": "x", "?": {}}]"#),
            ("unreachable-rule", "[1]", ##"[{"/": "*"}, {"#": "x"}]"##),
            ("exclude-excludes-nothing", "[0]", #"[{"/": "/help/*", "exclude": true}, {"/": "/story/*"}]"#),
            ("exclude-excludes-nothing", "[0]", #"[{"/": "/b", "exclude": true}, {"/": "/a/*"}]"#),
        ])
    func finds(code: String, path: String, rules: String) {
        let diagnostics = AssetLinks.decode(Self.file(rules)).diagnostics
        #expect(
            diagnostics.contains { $0.code == code && $0.path.description == Self.rulesPath + path },
            "found: \(diagnostics.map { "\($0.code) \($0.path)" })")
    }

    @Test("Android's glob: `*` takes up to the first occurrence of what follows it")
    func androidGlob() {
        #expect(AndroidGlob.matches("/story/?*", "/story/42/x"))
        #expect(AndroidGlob.matches("/story/?*/?*", "/story/a/b/c"))
        #expect(!AndroidGlob.matches("/story/?*/page/?*", "/story/a/b/page/x"))
        #expect(WildcardPattern("/story/?*/page/?*").matches("/story/a/b/page/x"))
        #expect(AndroidGlob.matches("*", ""))
        #expect(!AndroidGlob.matches("?*", ""))
        #expect(AndroidGlob.matches("/a/*", "/a/"))
        #expect(!AndroidGlob.matches("/a/*", "/a"))
        // `.` is any character, escaped or not (PatternMatcher ignores the escape there).
        #expect(AndroidGlob.matches("/index.html", "/indexXhtml"))
        // After `*`, the next pattern character is searched for literally: `?` becomes `.`.
        #expect(!AndroidGlob.matches("/*?", "/ab"))
        #expect(AndroidGlob.matches("/*?", "/a."))
        // Only a single trailing star matches an empty rest; `**` is `.*.*`.
        #expect(!AndroidGlob.matches("**", ""))
        #expect(AndroidGlob.matches("", ""))
        #expect(!AndroidGlob.matches("", "/"))
    }

    @Test("a middle star is not taken for a cover: Android's matches differ from a backtracking glob's")
    func middleStarNoCover() {
        let rules = #"[{"/": "/a/*/c"}, {"/": "/a/b/x/c"}]"#
        let diagnostics = AssetLinks.decode(Self.file(rules)).diagnostics
        #expect(!diagnostics.contains { $0.code == "unreachable-rule" }, "\(diagnostics.map(\.description))")
    }

    @Test("rules that narrow one another are not findings")
    func noFalseFindings() {
        let rules = #"""
            [{"/": "/story/?*/?*", "exclude": true}, {"/": "/story/?*"},
             {"/": "/a/*", "?": {"x": "?*"}}, {"/": "/a/b"},
             {"#": "app", "exclude": true}, {"/": "/c"}]
            """#
        let diagnostics = AssetLinks.decode(Self.file(rules)).diagnostics
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.description))")
    }

    @Test("the package name is checked by Android's rule, not the iOS bundle-ID rule")
    func packageName() throws {
        for (name, segment) in [
            ("com.example.my-app", "my-app"), ("app", nil), ("com.1x", "1x"), ("com._x", "_x"), ("com..x", nil),
            ("com.é", "é"),
        ] {
            let diagnostics = AssetLinks.decode(Self.file("[]", package: name)).diagnostics
            let finding = try #require(diagnostics.first { $0.code == "invalid-package-name" }, "\(name)")
            #expect(finding.path.description == "[0].target.package_name")
            if let segment { #expect(finding.message.contains("\"\(segment)\""), "\(finding.message)") }
        }
        let valid = AssetLinks.decode(Self.file(#"[{"/": "/a"}]"#, package: "com.example.my_app")).diagnostics
        #expect(valid.isEmpty, "\(valid.map(\.description))")
    }

    @Test(
        "decisions follow Android's rules",
        arguments: [
            // First match wins; an exclude stops the walk.
            (#"[{"/": "/a/*", "exclude": true}, {"/": "/a/*"}]"#, "https://example.com/a/1", AASADecision.exclude),
            (#"[{"/": "/a/*"}]"#, "https://example.com/b", .noMatch),
            (#"[{"/": "/a/*"}]"#, "https://example.com/a", .noMatch),
            (#"[{"/": "/a/*"}]"#, "https://example.com/a/", .match),
            (#"[{"/": "/a/?"}]"#, "https://example.com/a/bc", .noMatch),
            (#"[{"/": "/a"}]"#, "https://example.com/A", .noMatch),
            // `*` stops at the first occurrence of the character after it: no backtracking.
            (#"[{"/": "/a/*/c"}]"#, "https://example.com/a/b/c", .match),
            (#"[{"/": "/a/*/c"}]"#, "https://example.com/a/b/x/c", .noMatch),
            (#"[{"/": "/a*b"}]"#, "https://example.com/axbyb", .noMatch),
            (#"[{"/": "/?*/x"}]"#, "https://example.com/ab/x", .match),
            // An absent key matches anything; a fragment filter needs a `#`, even for "*".
            (##"[{"#": "app"}]"##, "https://example.com/anything#app", .match),
            (##"[{"#": "app"}]"##, "https://example.com/anything#web", .noMatch),
            (##"[{"#": "*"}]"##, "https://example.com/anything", .noMatch),
            (##"[{"#": "*"}]"##, "https://example.com/anything#", .match),
            (##"[{"#": ""}]"##, "https://example.com/anything#", .match),
            // A `"?"` entry is `name=value` against each single parameter of the decoded query.
            (#"[{"?": {"dl": "*"}}]"#, "https://example.com/x", .noMatch),
            (#"[{"?": {"dl": "*"}}]"#, "https://example.com/x?", .noMatch),
            (#"[{"?": {"dl": "*"}}]"#, "https://example.com/x?dl", .noMatch),
            (#"[{"?": {"dl": "*"}}]"#, "https://example.com/x?dl=", .match),
            (#"[{"?": {"dl": "1", "in_app": "true"}}]"#, "https://example.com/x?in_app=true&z=2&dl=1", .match),
            (#"[{"?": {"dl": "1"}}]"#, "https://example.com/x?dl=1&dl=2", .match),
            (#"[{"?": {"dl": "1"}}]"#, "https://example.com/x?dl=2&dl=1", .match),
            (#"[{"?": {"dl": "1"}}]"#, "https://example.com/x?dl=2;dl=1", .match),
            (#"[{"?": {"dl": "1"}}]"#, "https://example.com/x?a=0&dl=2;dl=1", .noMatch),
            (#"[{"?": {"dl": "1*"}}]"#, "https://example.com/x?dl=1&", .match),
            (#"[{"?": {"dl": "1"}}]"#, "https://example.com/x?dl=1&", .noMatch),
            // Android compares decoded text; `+` stays `+`; a decoded `&` splits.
            (#"[{"/": "/caf\u00e9"}]"#, "https://example.com/caf%C3%A9", .match),
            (#"[{"?": {"q": "a b"}}]"#, "https://example.com/s?q=a+b", .noMatch),
            (#"[{"?": {"q": "a+b"}}]"#, "https://example.com/s?q=a+b", .match),
            (#"[{"?": {"q": "a&b"}}]"#, "https://example.com/s?q=a%26b", .noMatch),
            (#"[{"?": {"q": "a"}}]"#, "https://example.com/s?q=a%26b", .match),
            (#"[{"?": {"q": "a=b"}}]"#, "https://example.com/s?q=a%3Db", .match),
            // Invalid escapes decode to U+FFFD (and a NUL for `%zz`).
            (#"[{"/": "/\ufffd\u0000z"}]"#, "https://example.com/%zz", .match),
            (#"[{"/": "/\ufffd"}]"#, "https://example.com/%4", .match),
            // An empty path is "", not "/"; user info is not part of the host.
            (#"[{"/": "/"}]"#, "https://example.com", .noMatch),
            (#"[{"/": ""}]"#, "https://example.com", .match),
            (#"[{"/": ""}]"#, "https://example.com?q=1", .match),
            (#"[{"/": "/a"}]"#, "https://user:pw@example.com/a", .match),
            // Other hosts and schemes never match.
            (#"[{"/": "*"}]"#, "https://other.com/a", .noMatch),
            (#"[{"/": "*"}]"#, "ftp://example.com/a", .noMatch),
            (#"[{"/": "*"}]"#, "https://user@other.com/a", .noMatch),
            // An empty list is no list; a rule without keys matches nothing.
            (#"[]"#, "https://example.com/a", .match),
            (#"[{}]"#, "https://example.com/a", .noMatch),
            (#"[{"comments": "x"}, {"/": "/a"}]"#, "https://example.com/a", .match),
            (#"[{"?": {}, "exclude": true}, {"/": "*"}]"#, "https://example.com/a", .match),
            // `exclude` is read with org.json's optBoolean; a number makes the file unreadable.
            (#"[{"/": "/a", "exclude": "TRUE"}]"#, "https://example.com/a", .exclude),
            (#"[{"/": "/a", "exclude": "yes"}]"#, "https://example.com/a", .match),
            (#"[{"/": "/a", "exclude": {}}]"#, "https://example.com/a", .match),
            (#"[{"/": "/a", "exclude": 1}]"#, "https://example.com/a", .noMatch),
            (#"[{"/": "/a", "exclude": null}, {"/": "*"}]"#, "https://example.com/b", .noMatch),
            // A non-string pattern is its JSON text.
            (#"[{"/": true}]"#, "https://example.com/true", .noMatch),
            (##"[{"/": "*", "#": true}]"##, "https://example.com/a#true", .match),
        ] as [(String, String, AASADecision)])
    func decides(rules: String, url: String, expected: AASADecision) throws {
        let compiled = try CompiledAssetLinks(json: Self.file(rules), domain: "example.com")
        #expect(compiled.decide(package: "com.x.app", url: url) == expected)
        #expect(compiled.explain(package: "com.x.app", url: url).decision == expected)
    }

    @Test("a package without dynamic rules is decided by its intent filters; an unknown package never matches")
    func packages() throws {
        let bare = Array(
            """
            [{"relation": ["delegate_permission/common.handle_all_urls"],
              "target": {"namespace": "android_app", "package_name": "com.x.app", "sha256_cert_fingerprints": ["\(Self.fingerprint)"]}}]
            """.utf8)
        let compiled = try CompiledAssetLinks(json: bare, domain: "example.com")
        #expect(compiled.decide(package: "com.x.app", url: "https://example.com/any") == .match)
        #expect(compiled.explain(package: "com.x.app", url: "https://example.com/any").reason == .noDynamicRules)
        #expect(compiled.decide(package: "com.y.app", url: "https://example.com/any") == .noMatch)
        #expect(compiled.explain(package: "com.y.app", url: "https://example.com/any").reason == .packageNotInFile)
        #expect(compiled.packages == ["com.x.app"])
        #expect(throws: AASAError.self) { _ = try CompiledAssetLinks(json: Array("{}".utf8), domain: "example.com") }
    }

    @Test(
        "a file Android's statement service cannot read verifies no app: every URL is no_match",
        arguments: [
            #"[{"/": "/a", "exclude": 1}]"#, #"[{"/": "/a", "comments": null}]"#, #"["x"]"#,
            #"[{"/": "/a"}, ["/b"]]"#, #"[{"/": "/a", "?": {"q": 2}}]"#,
        ])
    func unreadableOnAndroid(rules: String) throws {
        let decoded = AssetLinks.decode(Self.file(rules))
        #expect(decoded.androidRejection != nil)
        #expect(decoded.diagnostics.contains { $0.code == "unreadable-on-android" && $0.path.description == "$" })
        let compiled = try CompiledAssetLinks(json: Self.file(rules), domain: "example.com")
        let explanation = compiled.explain(package: "com.x.app", url: "https://example.com/a")
        #expect(explanation.decision == .noMatch)
        #expect(explanation.summary.contains("cannot read the file"), "\(explanation.summary)")
    }

    @Test("an explanation names the deciding rule, or the closest rule and the key that failed")
    func explanations() throws {
        let compiled = try CompiledAssetLinks(
            json: Self.file(#"[{"/": "/e/*", "exclude": true}, {"/": "/s", "?": {"q": "?*"}}]"#), domain: "example.com")
        let excluded = compiled.explain(package: "com.x.app", url: "https://example.com/e/1")
        #expect(excluded.ruleIndex == 0)
        #expect(
            excluded.summary.hasPrefix(
                "exclude: the exclude rule [0].relation_extensions.dynamic_app_link_components[0] matched"))
        let missing = compiled.explain(package: "com.x.app", url: "https://example.com/s")
        #expect(missing.decision == .noMatch)
        #expect(missing.ruleIndex == 1)
        #expect(missing.verdicts.filter { !$0.matched }.map(\.key) == ["?"])
        #expect(missing.summary.contains(#"failed on "?" "{"q":"?*"}""#), "\(missing.summary)")
    }
}
