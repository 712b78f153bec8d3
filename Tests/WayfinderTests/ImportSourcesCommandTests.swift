import DeepLinkRouting
import Foundation
import Testing

@Suite("wayfinder import branch|shlink|bitly|yourls|kutt|csv")
struct ImportSourcesCommandTests {
    static let fixtures = "Tests/Fixtures/Import/"
    static let manifest = "Tests/Fixtures/Firebase/acme.json"

    static func run(_ source: String, _ file: String, database: String, _ extra: [String] = []) async throws
        -> WayfinderProcess.Result
    {
        try await WayfinderProcess.runDetached(
            ["import", source, file, "--tenant", "acme", "--manifest", manifest, "--database", database] + extra)
    }

    @Test(
        "each source: its fixture imports (exit 0), again imports nothing twice, its bad rows exit 1",
        arguments: [
            ("branch", "branch.csv", "branch-bad-rows.csv"), ("shlink", "shlink.csv", "shlink-bad-rows.csv"),
            ("bitly", "bitly.csv", "bitly-bad-rows.csv"), ("yourls", "yourls.csv", "yourls-bad-rows.csv"),
            ("kutt", "kutt.json", "kutt-bad-rows.json"), ("csv", "wayfinder.csv", "wayfinder-bad-rows.csv"),
        ])
    func source(_ source: String, _ file: String, _ badFile: String) async throws {
        try await TemporaryDirectory.with(prefix: "wayfinder-import") { directory in
            let database = "sqlite:" + directory.path("links.sqlite")
            let first = try await Self.run(source, Self.fixtures + file, database: database)
            #expect(first.status == 0, "\(first.stdout)\(first.stderr)")
            #expect(first.stdout.hasSuffix("imported: 2, already present: 0, failed: 0\n"), "\(first.stdout)")
            // Not a terminal: one summary line on standard error instead of a progress bar.
            #expect(first.stderr.hasPrefix("read 2 rows in "), "\(first.stderr)")
            let second = try await Self.run(source, Self.fixtures + file, database: database)
            #expect(second.stdout.hasSuffix("imported: 0, already present: 2, failed: 0\n"), "\(second.stdout)")

            let other = directory.path("bad.sqlite")
            let dry = try await Self.run(source, Self.fixtures + badFile, database: "sqlite:" + other, ["--dry-run"])
            #expect(dry.status == 1)
            #expect(dry.stdout.contains("dry run, nothing written: imported: 1"), "\(dry.stdout)")
            #expect(!FileManager.default.fileExists(atPath: other))
            let bad = try await Self.run(source, Self.fixtures + badFile, database: "sqlite:" + other)
            #expect(bad.status == 1)
            #expect(bad.stdout.contains(": error: "), "\(bad.stdout)")
        }
    }

    @Test("bad input: one clear line on standard error, exit 2, nothing written")
    func badInput() async throws {
        try await TemporaryDirectory.with(prefix: "wayfinder-import") { directory in
            let path = directory.path("links.sqlite")
            func write(_ name: String, _ bytes: [UInt8]) throws -> String {
                let file = directory.path(name)
                try Data(bytes).write(to: URL(fileURLWithPath: file))
                return file
            }
            var utf16: [UInt8] = [0xFF, 0xFE]
            for unit in "keyword,url\n".utf16 { utf16 += [UInt8(unit & 0xFF), UInt8(unit >> 8)] }
            let long = String(repeating: "a", count: 1 << 21)
            let cases: [(source: String, file: String, message: String)] = [
                ("firebase", Self.fixtures + "shlink.csv", "looks like Shlink CSV"),
                ("yourls", Self.fixtures + "kutt.json", "looks like JSON"),
                ("kutt", Self.fixtures + "yourls.csv", "looks like YOURLS export"),
                ("yourls", try write("missing.csv", Array("keyword,title\nx,y\n".utf8)), "no \"url\" column"),
                ("yourls", try write("utf16.csv", utf16), "UTF-16"),
                (
                    "yourls",
                    try write(
                        "latin1.csv", Array("keyword,url\nok,https://acme.example/story/1\ncaf".utf8) + [0xE9, 0x0A]),
                    "line 3 is not UTF-8 text"
                ),
                (
                    "yourls",
                    try write("long.csv", Array("keyword,url\nok,https://acme.example/story/1\nx,\(long)\n".utf8)),
                    "line 3: the row is longer than"
                ),
                ("bitly", directory.path("nowhere.csv"), "no such file"),
            ]
            for item in cases {
                let result = try await Self.run(item.source, item.file, database: "sqlite:" + path)
                #expect(result.status == 2, "\(item.file): \(result.stderr)")
                #expect(result.stderr.contains(item.message), "\(item.file): \(result.stderr)")
                #expect(result.stderr.split(separator: "\n").count == 1, "\(result.stderr)")
                #expect(result.stdout.isEmpty)
                #expect(!FileManager.default.fileExists(atPath: path), "\(item.file) left a database")
            }
            let schema = try await Self.run(
                "yourls", Self.fixtures + "yourls.csv", database: "sqlite:" + path, ["--dry-run"])
            #expect(schema.stdout.hasSuffix("dry run, nothing written: imported: 2, already present: 0, failed: 0\n"))
        }
    }
}
