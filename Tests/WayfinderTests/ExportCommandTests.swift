import DeepLinkRouting
import Foundation
import LinkCore
import LinkStorage
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

    @Test("export --what clicks, events and audit writes the database's records, without the audit entry's address")
    func records() async throws {
        try await TemporaryDirectory.with(prefix: "wayfinder-export") { directory in
            let path = directory.path("records.sqlite")
            let store = try await SQLiteLinkStore.open(path: path)
            let time = Date(timeIntervalSince1970: 1_800_000_000)
            try await store.insertClicks([
                Click(
                    linkID: "lnk_a", tenant: "acme", time: time, platform: .android, browser: "Chrome",
                    id: ClickID(nonce: Array(repeating: 7, count: 16)))
            ])
            try await store.insertEvents([
                AppEvent(id: "ev_a", tenant: "acme", name: "install", occurredAt: time, receivedAt: time)
            ])
            try await store.appendAudit(
                AuditEntry(
                    tenant: "acme", time: time, actor: "operator", action: .keyCreated, target: "key:wf_abcdefgh",
                    address: "198.51.100.0/24"))
            try await store.close()
            var outputs: [String: String] = [:]
            for what in ["clicks", "events", "audit"] {
                let export = try await WayfinderProcess.runDetached([
                    "export", "--tenant", "acme", "--what", what, "--format", "jsonl", "--database", "sqlite:" + path,
                ])
                #expect(export.status == 0, "\(export.stderr)")
                outputs[what] = export.stdout
            }
            #expect(
                outputs["clicks"]
                    == #"{"id":"BwcHBwcHBwcHBwcHBwcHBw","time":"2027-01-15T08:00:00.000Z","link":"lnk_a","platform":"android","browser":"Chrome","bot":false}"#
                    + "\n")
            #expect(outputs["events"]?.contains(#""id":"ev_a","name":"install""#) == true)
            #expect(outputs["audit"]?.contains(#""action":"key.created","target":"key:wf_abcdefgh""#) == true)
            #expect(outputs["audit"]?.contains("198.51.100") == false)
        }
    }

    @Test("what cannot be exported, a bad option or a missing database: one line, exit 2")
    func refusals() async throws {
        try await TemporaryDirectory.with(prefix: "wayfinder-export") { directory in
            let database = "sqlite:" + directory.path("none.sqlite")
            for (arguments, message) in [
                (["--what", "visits"], "\"visits\" is not something to export"),
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
