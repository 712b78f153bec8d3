import AssociatedDomains
import DeepLinkRouting
import Testing

/// A file and the finding it must produce.
struct ValidatorCase: Sendable, CustomTestStringConvertible {
    let code: String
    let severity: Diagnostic.Severity
    let path: String
    let text: String

    init(_ code: String, _ severity: Diagnostic.Severity, _ path: String, _ text: String) {
        self.code = code
        self.severity = severity
        self.path = path
        self.text = text
    }

    var testDescription: String { "\(code) at \(path)" }
}

private let app = "ABCDE12345.com.example.app"

private func components(_ json: String) -> String {
    ##"{"applinks": {"details": [{"appIDs": ["\##(app)"], "components": \##(json)}]}}"##
}

@Suite("AASA validator: every check of spec §4")
struct ValidatorTests {
    static let cases: [ValidatorCase] = [
        .init("invalid-json", .error, "$", "{nope"),
        .init("not-an-object", .error, "$", "[]"),
        .init(
            "file-too-large", .error, "$",
            ##"{"applinks": {"details": []}, "webcredentials": {"apps": []}}"## + String(repeating: " ", count: 131_073)
        ),
        .init("details-wrong-type", .error, "applinks.details", ##"{"applinks": {"details": "all"}}"##),
        .init(
            "detail-missing-app-id", .error, "applinks.details[0]",
            ##"{"applinks": {"details": [{"components": []}]}}"##),
        .init(
            "invalid-app-id", .error, "applinks.details[0].appIDs[0]",
            ##"{"applinks": {"details": [{"appIDs": ["com.example.app"], "components": []}]}}"##),
        .init(
            "invalid-app-id", .error, "applinks.details[0].appIDs[0]",
            ##"{"applinks": {"details": [{"appIDs": ["abcde12345.com.example.app"], "components": []}]}}"##),
        .init(
            "invalid-app-id", .error, "applinks.details[\"SHORT.com.x\"]",
            ##"{"applinks": {"apps": [], "details": {"SHORT.com.x": {"paths": ["*"]}}}}"##),
        .init(
            "paths-wrong-type", .error, "applinks.details[0].paths",
            ##"{"applinks": {"apps": [], "details": [{"appID": "\##(app)", "paths": "/a"}]}}"##),
        .init(
            "paths-wrong-type", .error, "applinks.details[0].paths[1]",
            ##"{"applinks": {"apps": [], "details": [{"appID": "\##(app)", "paths": ["/a", 2]}]}}"##),
        .init(
            "component-key-wrong-type", .error, "applinks.details[0].components[0][\"/\"]", components(##"[{"/": 1}]"##)
        ),
        .init(
            "component-key-wrong-type", .error, "applinks.details[0].components[0].exclude",
            components(##"[{"/": "/a", "exclude": "true"}]"##)),
        .init(
            "component-key-wrong-type", .error, "applinks.details[0].components[0].caseSensitive",
            components(##"[{"/": "/a", "caseSensitive": 0}]"##)),
        .init(
            "component-key-wrong-type", .error, "applinks.details[0].components[0][\"?\"]",
            components(##"[{"?": ["a"]}]"##)),
        .init(
            "component-key-wrong-type", .error, "applinks.details[0].components[0][\"#\"]",
            components(##"[{"#": true}]"##)),
        .init(
            "query-value-not-string", .error, "applinks.details[0].components[0][\"?\"].id",
            components(##"[{"/": "/a", "?": {"id": 5}}]"##)),
        .init(
            "undefined-variable", .error, "applinks.details[0].components[0][\"/\"]",
            components(##"[{"/": "/$(food)"}]"##)),
        .init(
            "unclosed-variable", .error, "applinks.details[0].components[0][\"/\"]",
            components(##"[{"/": "/$(food"}]"##)),
        .init(
            "variable-references-variable", .error, "applinks.substitutionVariables.v[0]",
            ##"{"applinks": {"substitutionVariables": {"v": ["$(w)"], "w": ["a"]}, "details": []}}"##),
        .init(
            "invalid-variable-name", .error, "applinks.substitutionVariables[\"a(b\"]",
            ##"{"applinks": {"substitutionVariables": {"a(b": ["x"]}, "details": []}}"##),
        .init(
            "invalid-variable-name", .error, "applinks.substitutionVariables[\"$x\"]",
            ##"{"applinks": {"substitutionVariables": {"$x": ["x"]}, "details": []}}"##),
        .init(
            "legacy-apps-not-empty", .error, "applinks.apps", ##"{"applinks": {"apps": ["\##(app)"], "details": []}}"##),
        .init("service-wrong-shape", .error, "webcredentials", ##"{"webcredentials": ["\##(app)"]}"##),
        .init("service-wrong-shape", .error, "appclips", ##"{"appclips": {"app": ["\##(app)"]}}"##),
        .init(
            "service-wrong-shape", .error, "activitycontinuation.apps[0]", ##"{"activitycontinuation": {"apps": [1]}}"##
        ),
        .init(
            "paths-and-components-mixed", .warning, "applinks.details[0]",
            ##"{"applinks": {"details": [{"appIDs": ["\##(app)"], "paths": ["/a"], "components": [{"/": "/a"}]}]}}"##),
        .init(
            "pattern-in-defaults", .warning, "applinks.defaults",
            ##"{"applinks": {"defaults": {"/": "/a/*"}, "details": []}}"##),
        .init(
            "pattern-in-defaults", .warning, "applinks.details[0].defaults",
            ##"{"applinks": {"details": [{"appIDs": ["\##(app)"], "defaults": {"#": "x"}, "components": []}]}}"##),
        .init(
            "unreachable-rule", .warning, "applinks.details[0].components[1]",
            components(##"[{"/": "/a/*"}, {"/": "/a/b"}]"##)),
        .init(
            "unreachable-rule", .warning, "applinks.details[0].components[1]",
            components(##"[{"/": "/a/*", "exclude": true}, {"/": "/a"}]"##)),
        .init(
            "unreachable-rule", .warning, "applinks.details[0].components[1]",
            components(##"[{"/": "/p/?*"}, {"/": "/p/?", "?": {"id": "1"}}]"##)),
        .init(
            "unreachable-rule", .warning, "applinks.details[0].components[1]",
            components(##"[{"/": "/a", "?": {"x": "?*"}}, {"/": "/a", "?": {"x": "1", "y": "2"}}]"##)),
        .init(
            "unreachable-rule", .warning, "applinks.details[1].components[0]",
            ##"{"applinks": {"details": [{"appIDs": ["\##(app)"], "components": [{"/": "/x/*"}]}, {"appIDs": ["\##(app)"], "components": [{"/": "/x/y"}]}]}}"##
        ),
        .init(
            "unreachable-rule", .warning, "applinks.details[0].paths[1]",
            ##"{"applinks": {"apps": [], "details": [{"appID": "\##(app)", "paths": ["NOT /a/*", "/a/b/*"]}]}}"##),
        .init("catch-all-rule", .warning, "applinks.details[0].components[0]", components(##"[{"/": "*"}]"##)),
        .init("catch-all-rule", .warning, "applinks.details[0].components[0]", components(##"[{"/": "/*"}]"##)),
        .init(
            "catch-all-rule", .warning, "applinks.details[0].paths[0]",
            ##"{"applinks": {"apps": [], "details": [{"appID": "\##(app)", "paths": ["*"]}]}}"##),
        .init(
            "not-without-space", .warning, "applinks.details[0].paths[0]",
            ##"{"applinks": {"apps": [], "details": [{"appID": "\##(app)", "paths": ["NOT/a/*"]}]}}"##),
        .init(
            "details-dictionary", .warning, "applinks.details",
            ##"{"applinks": {"apps": [], "details": {"\##(app)": {"paths": ["/a"]}}}}"##),
        .init(
            "unknown-key", .warning, "applinks.details[0].components[0].exlude",
            components(##"[{"/": "/a", "exlude": true}]"##)),
        .init(
            "duplicate-key", .error, "applinks.details[0].components[0][\"/\"]",
            components(##"[{"/": "/a", "/": "/b"}]"##)),
    ]

    @Test("reports the finding with its code, severity and JSON path", arguments: cases)
    func finds(_ testCase: ValidatorCase) throws {
        let diagnostics = AASAValidator.validate(Array(testCase.text.utf8))
        let found = diagnostics.filter { $0.code == testCase.code }
        let finding = try #require(found.first, "codes found: \(diagnostics.map(\.code))")
        #expect(finding.severity == testCase.severity)
        #expect(found.map(\.path.description).contains(testCase.path), "paths: \(found.map(\.path.description))")
        #expect(!finding.message.isEmpty)
    }

    @Test(
        "no false alarms on rules that are only partly covered",
        arguments: [
            components(##"[{"/": "/a/b"}, {"/": "/a/*"}]"##),
            components(##"[{"/": "/a/?"}, {"/": "/a/*"}]"##),
            components(##"[{"/": "/a/*/c"}, {"/": "/a/c"}]"##),
            components(##"[{"/": "/a", "?": {"x": "1"}}, {"/": "/a"}]"##),
            components(##"[{"/": "/a", "caseSensitive": false}, {"/": "/A"}]"##),
            components(##"[{"/": "/$(lang)/*"}, {"/": "/en/x"}]"##),
            components(##"[{"/": "/a", "#": "x"}, {"/": "/a", "#": "y"}]"##),
            components(##"[{"/": "/*/?*", "exclude": true}, {"/": "/?*"}]"##),
        ])
    func noFalseUnreachable(text: String) {
        let codes = AASAValidator.validate(Array(text.utf8)).map(\.code)
        #expect(!codes.contains("unreachable-rule"))
    }

    @Test("a clean modern file has no findings")
    func clean() {
        let text = components(
            ##"[{"/": "/help/*", "exclude": true}, {"/": "/story/?*", "?": {"ref": "*"}}, {"/": "/?*"}]"##)
        #expect(AASAValidator.validate(Array(text.utf8)).isEmpty)
    }
}

@Suite("assetlinks.json validator")
struct AssetLinksValidatorTests {
    static let fingerprint =
        "14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"

    @Test(
        "findings with codes and paths",
        arguments: [
            ("assetlinks-not-array", "$", ##"{"relation": []}"##),
            (
                "missing-key", "[0]",
                ##"[{"target": {"namespace": "android_app", "package_name": "com.a", "sha256_cert_fingerprints": ["\##(fingerprint)"]}}]"##
            ),
            ("missing-key", "[0]", ##"[{"relation": ["delegate_permission/common.handle_all_urls"]}]"##),
            (
                "invalid-namespace", "[0].target.namespace",
                ##"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "ios_app"}}]"##
            ),
            (
                "invalid-package-name", "[0].target.package_name",
                ##"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "", "sha256_cert_fingerprints": ["\##(fingerprint)"]}}]"##
            ),
            (
                "invalid-fingerprint", "[0].target.sha256_cert_fingerprints[0]",
                ##"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.a", "sha256_cert_fingerprints": ["14:6d:e9"]}}]"##
            ),
            (
                "missing-fingerprints", "[0].target.sha256_cert_fingerprints",
                ##"[{"relation": ["delegate_permission/common.handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.a", "sha256_cert_fingerprints": []}}]"##
            ),
            (
                "unknown-relation", "[0].relation[0]",
                ##"[{"relation": ["handle_all_urls"], "target": {"namespace": "android_app", "package_name": "com.a", "sha256_cert_fingerprints": ["\##(fingerprint)"]}}]"##
            ),
            (
                "no-handle-all-urls", "$",
                ##"[{"relation": ["delegate_permission/common.get_login_creds"], "target": {"namespace": "android_app", "package_name": "com.a", "sha256_cert_fingerprints": ["\##(fingerprint)"]}}]"##
            ),
        ])
    func finds(code: String, path: String, text: String) {
        let diagnostics = AssetLinks.decode(Array(text.utf8)).diagnostics
        #expect(
            diagnostics.contains { $0.code == code && $0.path.description == path },
            "found: \(diagnostics.map { "\($0.code) \($0.path)" })")
    }
}
