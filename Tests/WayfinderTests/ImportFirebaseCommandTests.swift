import DeepLinkRouting
import Foundation
import Testing

@Suite("wayfinder import firebase")
struct ImportFirebaseCommandTests {
    static let fixtures = "Tests/Fixtures/Firebase/"
    static let arguments = [fixtures + "export.csv", "--tenant", "acme", "--manifest", fixtures + "acme.json"]

    static func temporaryDirectory() throws -> URL {
        try TemporaryDirectory(prefix: "wayfinder-import").url
    }

    @Test("bad rows are reported with their line and reason, exit 1; a second run imports nothing twice")
    func importTwice() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = "sqlite:" + directory.appendingPathComponent("links.sqlite").path
        let first = try await WayfinderProcess.runDetached(
            ["import", "firebase"] + Self.arguments + ["--database", database])
        #expect(first.status == 1, "\(first.stderr)")
        let lines = first.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "warning: unknown column \"Clicks\" is ignored")
        #expect(lines.contains { $0.hasPrefix("line 5: error: https://acme.page.link/old: short_link") })
        #expect(lines.contains { $0.hasPrefix("line 6: error: https://acme.example/evil: link: ") })
        #expect(
            lines.contains {
                $0.hasPrefix("line 7: error: https://acme.example/lost: link: ") && $0.contains("resolves to no route")
            })
        #expect(lines.contains { $0.hasPrefix("line 9: error: https://acme.example/badios: ifl: ") })
        #expect(
            lines.contains {
                $0.hasPrefix("line 8: warning: https://go.acme.example/droid: apn")
                    && $0.hasSuffix("[NOT_IN_PROJECT_ANDROID_PACKAGE_NAME]")
            })
        #expect(lines.last == "imported: 3, already present: 0, failed: 4")

        let second = try await WayfinderProcess.runDetached(
            ["import", "firebase"] + Self.arguments + ["--database", database, "--json"])
        #expect(second.status == 1)
        let report = try #require(try? JSONParser().parse(second.stdout))
        #expect(report["imported"]?.value == .number("0"))
        #expect(report["alreadyPresent"]?.value == .number("3"))
        #expect(report["failed"]?.value == .number("4"))
        let errorLines = report["errors"]?.arrayValue?.compactMap { node -> String? in
            if case .number(let line)? = node["line"]?.value { return line }
            return nil
        }
        #expect(errorLines == ["5", "6", "7", "9"])
        #expect(report["unknownColumns"]?.arrayValue?.first?.stringValue == "Clicks")
    }

    @Test("--dry-run reports the same and writes nothing, not even the database file")
    func dryRun() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent("links.sqlite").path
        let result = try await WayfinderProcess.runDetached(
            ["import", "firebase"] + Self.arguments + ["--database", "sqlite:" + path, "--dry-run"])
        #expect(result.status == 1)
        #expect(result.stdout.hasSuffix("dry run, nothing written: imported: 3, already present: 0, failed: 4\n"))
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test("only good rows: exit 0; a missing required column: exit 2 and nothing written")
    func exitCodes() async throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = "sqlite:" + directory.appendingPathComponent("links.sqlite").path
        let good = directory.appendingPathComponent("good.csv")
        try Data("SHORT_LINK,Link\r\nhttps://acme.example/ok,https://acme.example/story/1\r\n".utf8).write(to: good)
        let manifest = Self.fixtures + "acme.json"
        let ok = try await WayfinderProcess.runDetached([
            "import", "firebase", good.path, "--tenant", "acme", "--manifest", manifest, "--database", database,
        ])
        #expect(ok.status == 0, "\(ok.stdout)\(ok.stderr)")
        #expect(ok.stdout == "imported: 1, already present: 0, failed: 0\n")

        let bad = directory.appendingPathComponent("bad.csv")
        try Data("short_link,st\nhttps://acme.example/x,X\n".utf8).write(to: bad)
        let other = directory.appendingPathComponent("other.sqlite").path
        let missing = try await WayfinderProcess.runDetached([
            "import", "firebase", bad.path, "--tenant", "acme", "--manifest", manifest, "--database", "sqlite:" + other,
        ])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("no \"link\" column"))
        #expect(missing.stdout.isEmpty)

        let unknownTenant = try await WayfinderProcess.runDetached([
            "import", "firebase", good.path, "--tenant", "nobody", "--manifest", manifest, "--database", database,
        ])
        #expect(unknownTenant.status == 2)
        #expect(unknownTenant.stderr.contains("no manifest has the id \"nobody\""))
    }
}
