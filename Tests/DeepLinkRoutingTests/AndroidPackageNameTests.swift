import DeepLinkRouting
import Testing

@Suite("Android application IDs")
struct AndroidPackageNameTests {
    @Test(
        "valid application IDs",
        arguments: [
            "com.example.my_app", "com.example.app", "Com.Example.App2", "a.b", "org.x_1.y__z", "com.EXAMPLE.a1",
        ])
    func valid(name: String) {
        #expect(AndroidPackageName.problem(in: name) == nil)
        #expect(AndroidPackageName.isValid(name))
    }

    @Test(
        "invalid application IDs, each refused with its problem and a message naming the segment",
        arguments: [
            (
                "com.example.my-app", AndroidPackageName.Problem.badCharacter(segment: "my-app", character: "-"),
                "my-app"
            ),
            ("app", .tooFewSegments, "\"app\" is not an Android package name; expected two or more"),
            ("", .emptySegment(index: 0), "segment 1 is empty"),
            ("com.1app", .badFirstCharacter(segment: "1app", character: "1"), "\"1app\""),
            ("com._app", .badFirstCharacter(segment: "_app", character: "_"), "\"_app\""),
            ("com..app", .emptySegment(index: 1), "segment 2 is empty"),
            (".com.app", .emptySegment(index: 0), "segment 1 is empty"),
            ("com.app.", .emptySegment(index: 2), "segment 3 is empty"),
            ("com.café.app", .badCharacter(segment: "café", character: "é"), "\"café\""),
            ("com.éxample", .badFirstCharacter(segment: "éxample", character: "é"), "\"éxample\""),
            ("com.exa mple", .badCharacter(segment: "exa mple", character: " "), "\"exa mple\""),
        ] as [(String, AndroidPackageName.Problem, String)])
    func invalid(name: String, problem: AndroidPackageName.Problem, shown: String) {
        #expect(AndroidPackageName.problem(in: name) == problem)
        #expect(!AndroidPackageName.isValid(name))
        let message = AndroidPackageName.message(name, problem)
        #expect(message.contains(shown), "\(message)")
        #expect(AndroidPackageName.code == "invalid-package-name")
    }

    @Test("the manifest refuses a package by the same rule, naming the segment")
    func manifest() throws {
        let fingerprint = [String](repeating: "AB", count: 32).joined(separator: ":")
        for (name, segment) in [("com.example.my-app", "my-app"), ("com.1x", "1x"), ("com.ex_ample.é", "é")] {
            let text = """
                {"id": "x", "android": {"package": "\(name)", "sha256CertFingerprints": ["\(fingerprint)"]},
                 "domains": ["example.com"], "routes": []}
                """
            let diagnostics = Manifest.decode(Array(text.utf8)).diagnostics
            let finding = try #require(diagnostics.first { $0.code == "invalid-package-name" }, "\(name)")
            #expect(finding.path.description == "android.package")
            #expect(finding.message.contains("\"\(segment)\""), "\(finding.message)")
        }
        let valid = """
            {"id": "x", "android": {"package": "com.example.my_app", "sha256CertFingerprints": ["\(fingerprint)"]},
             "domains": ["example.com"], "routes": []}
            """
        #expect(!Manifest.decode(Array(valid.utf8)).diagnostics.contains { $0.code == "invalid-package-name" })
    }
}
