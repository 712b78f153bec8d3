import DeepLinkRouting
import Foundation
import Testing

@Suite("wayfinder export")
struct ExportCommandTests {
    static let manifest = "Tests/Fixtures/Firebase/acme.json"

    @Test("export --what links writes CSV that import csv reads back into an empty database")
    func roundTrip() async throws {
        try await TemporaryDirectory.with(prefix: "wayfinder-export") { directory in
            let source = "sqlite:" + directory.path("source.sqlite")
            let imported = try await WayfinderProcess.runDetached([
                "import", "bitly", "Tests/Fixtures/Import/bitly.csv", "--tenant", "acme", "--manifest", Self.manifest,
                "--database", source,
            ])
            #expect(imported.status == 0, "\(imported.stdout)\(imported.stderr)")
            let export = try await WayfinderProcess.runDetached([
                "export", "--tenant", "acme", "--what", "links", "--database", source,
            ])
            #expect(export.status == 0, "\(export.stderr)")
            let lines = export.stdout.split(separator: "\r\n")
            #expect(lines.first == "id,domain,slug,destination,tags,createdAt,importedClicks,link")
            #expect(lines.count == 3)
            #expect(export.stdout.contains(",42,"))

            let file = directory.path("links.csv")
            try Data(export.stdout.utf8).write(to: URL(fileURLWithPath: file))
            let target = "sqlite:" + directory.path("target.sqlite")
            let back = try await WayfinderProcess.runDetached([
                "import", "csv", file, "--tenant", "acme", "--manifest", Self.manifest, "--database", target, "--json",
            ])
            #expect(back.status == 0, "\(back.stdout)\(back.stderr)")
            let report = try #require(try? JSONParser().parse(back.stdout))
            #expect(report["imported"]?.value == .number("2"))
            #expect(report["importedClicks"]?.value == .number("49"))

            let jsonl = try await WayfinderProcess.runDetached([
                "export", "--tenant", "acme", "--what", "links", "--format", "jsonl", "--database", target,
            ])
            #expect(jsonl.stdout.split(separator: "\n").count == 2)
        }
    }

    @Test("what cannot be exported, a bad option or a missing database: one line, exit 2")
    func refusals() async throws {
        try await TemporaryDirectory.with(prefix: "wayfinder-export") { directory in
            let database = "sqlite:" + directory.path("none.sqlite")
            for (arguments, message) in [
                (["--what", "audit"], "audit cannot be exported yet"),
                (["--what", "links", "--format", "xml"], "\"xml\" is not an export format"),
                (["--what", "links", "--since", "yesterday"], "not an RFC 3339 time"),
                (["--what", "links"], "does not exist"),
            ] {
                let result = try await WayfinderProcess.runDetached(
                    ["export", "--tenant", "acme", "--database", database] + arguments)
                #expect(result.status == 2, "\(arguments)")
                #expect(result.stderr.contains(message), "\(result.stderr)")
                #expect(result.stdout.isEmpty)
            }
            #expect(!FileManager.default.fileExists(atPath: directory.path("none.sqlite")))
        }
    }
}
