import Foundation
import Testing

@Suite("wayfinder manifest validate")
struct ManifestValidateCommandTests {
    @Test("the example manifests validate clean and exit 0")
    func examplesAreValid() async throws {
        let result = try await WayfinderProcess.runDetached([
            "manifest", "validate", "Examples/chat.json", "Examples/payments.json", "Examples/storyteller.json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(
            result.stdout == """
                Examples/chat.json: valid (0 errors, 0 warnings)
                Examples/payments.json: valid (0 errors, 0 warnings)
                Examples/storyteller.json: valid (0 errors, 0 warnings)

                """)
    }

    @Test("an invalid manifest prints each diagnostic with its line, column and path, and exits 1")
    func invalidManifestExitsOne() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-invalid-\(UUID()).json")
        try Data(
            #"{"id": "x", "ios": {"appIDs": ["ABCDE12345.com.x.app"]}, "domains": [], "routes": [{"name": "s", "paths": ["/s/{id"]}]}"#
                .utf8
        ).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await WayfinderProcess.runDetached(["manifest", "validate", file.path])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                \(file.path):1:69: error: domains: the list is empty; name at least one host, such as "example.com", whose links open the app [empty-domains]
                \(file.path):1:108: error: routes[0].paths[0]: "/s/{id" has an unclosed "{" at offset 3 [pattern-unclosed-brace]
                \(file.path): not valid (2 errors, 0 warnings)

                """)
    }

    @Test("a transposed key in a route is one error, at its line and column, that suggests the fix")
    func transposedKeyInRoute() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-typo-\(UUID()).json")
        try Data(
            """
            {
              "id": "x",
              "ios": {"appIDs": ["ABCDE12345.com.x.app"]},
              "domains": ["x.example"],
              "routes": [
                {"name": "s", "pahts": ["/s/{id}"]}
              ]
            }
            """.utf8
        ).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await WayfinderProcess.runDetached(["manifest", "validate", file.path])
        #expect(result.status == 1)
        #expect(
            result.stdout == """
                \(file.path):6:28: error: routes[0].pahts: unknown key "pahts"; did you mean "paths"? [unknown-key]
                  hint: known keys here: name, paths, schemeLinks, query, barriers, web
                \(file.path): not valid (1 error, 0 warnings)

                """)
    }

    @Test("--json prints one object per diagnostic and a summary per file")
    func jsonOutput() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wayfinder-json-\(UUID()).json")
        try Data("{\n  \"id\": 1\n}".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await WayfinderProcess.runDetached(["manifest", "validate", "--json", file.path])
        #expect(result.status == 1)
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == #"{"file":"\#(file.path)","severity":"error","code":"wrong-type","path":"id","message":"expected a string (the tenant identifier, such as \"example\"), found a number","line":2,"column":9}"#
        )
        #expect(lines.last == #"{"file":"\#(file.path)","valid":false,"errors":4,"warnings":0}"#)
    }

    @Test("a missing file is an error, not a crash")
    func missingFile() async throws {
        let result = try await WayfinderProcess.runDetached(["manifest", "validate", "no-such-file.json"])
        #expect(result.status == 1)
        #expect(
            result.stdout.contains(
                "no-such-file.json: error: $: cannot read no-such-file.json: no such file, or it is not readable [unreadable-file]"
            ))
    }
}
