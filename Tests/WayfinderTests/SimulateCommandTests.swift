import Foundation
import LinkService
import TestSupport
import Testing

/// `wayfinder simulate URL… --manifest FILE… [--database URL] [--json]`: the rows of
/// `GET /api/v1/links/{slug}/simulate`, read offline from the store.
@Suite("wayfinder simulate", .timeLimit(.minutes(5)))
struct SimulateCommandTests {
    /// A SQLite file holding the storyteller link `spring` to the story 42; its database URL.
    private static func database(in folder: TemporaryDirectory) async throws -> String {
        let url = "sqlite:" + folder.path("links.sqlite")
        let store = try await DatabaseURL(parsing: url).openStore()
        let now = Date()
        let link = Link(
            id: "1", tenant: "storyteller", domain: "stories.example.com", slug: "spring",
            content: LinkContent(destination: "https://stories.example.com/story/42"), createdAt: now, updatedAt: now)
        do {
            _ = try await store.insertLink(link)
            try await store.close()
        } catch {
            try? await store.close()
            throw error
        }
        return url
    }

    @Test("--json prints one object per URL with every context's row, from a SQLite file")
    func json() async throws {
        let folder = try TemporaryDirectory(prefix: "wayfinder-simulate")
        defer { folder.remove() }
        let database = try await Self.database(in: folder)
        let result = try await WayfinderProcess.runDetached([
            "simulate", "https://stories.example.com/spring", "--manifest", "Examples/storyteller.json",
            "--database", database, "--json",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n")
        try #require(lines.count == 1, "\(result.stdout)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(lines[0].utf8)) as? [String: Any])
        #expect(object["shortURL"] as? String == "https://stories.example.com/spring")
        let rows = try #require(object["rows"] as? [[String: Any]])
        let contexts = Set(rows.compactMap { $0["context"] as? String })
        #expect(
            contexts == [
                "ios-safari", "ios-in-app", "ios-messages", "android-chrome", "android-in-app", "desktop", "crawler",
            ])
        let safari = try #require(
            rows.first { $0["context"] as? String == "ios-safari" && $0["appInstalled"] as? Bool == true })
        let lands = try #require(safari["lands"] as? [String: Any])
        #expect(lands["kind"] as? String == "app")
        #expect(lands["route"] as? String == "story")
        #expect(lands["params"] as? [String: String] == ["storyId": "42"])
        let android = try #require(
            rows.first { $0["context"] as? String == "android-chrome" && $0["appInstalled"] as? Bool == false })
        let answer = try #require(android["answer"] as? [String: Any])
        #expect(answer["status"] as? Int == 302)
        // Chrome's intent, whose fallback (percent-encoded) is the Play Store.
        #expect((answer["location"] as? String)?.hasPrefix("intent://stories.example.com/") == true)
        #expect(
            (answer["location"] as? String)?.contains("S.browser_fallback_url=https%3A%2F%2Fplay.google.com") == true)
        #expect(android["claim"] as? Bool == true)
    }

    @Test("the text output names each visitor, the answer, what happens next and where it lands")
    func text() async throws {
        let folder = try TemporaryDirectory(prefix: "wayfinder-simulate")
        defer { folder.remove() }
        let database = try await Self.database(in: folder)
        let result = try await WayfinderProcess.runDetached([
            "simulate", "https://stories.example.com/spring", "--manifest", "Examples/storyteller.json",
            "--database", database,
        ])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.hasPrefix("https://stories.example.com/spring → https://stories.example.com/story/42"))
        #expect(result.stdout.contains("  ios-safari, app installed\n    answer: 200 preview"))
        #expect(result.stdout.contains("    lands:  the app, route story (storyId=42)"))
    }

    @Test("a URL that names no link is reported and exits 1; the others are still simulated")
    func unknownLink() async throws {
        let folder = try TemporaryDirectory(prefix: "wayfinder-simulate")
        defer { folder.remove() }
        let database = try await Self.database(in: folder)
        let result = try await WayfinderProcess.runDetached([
            "simulate", "https://stories.example.com/nothing", "https://stories.example.com/spring",
            "--manifest", "Examples/storyteller.json", "--database", database, "--json",
        ])
        #expect(result.status == 1)
        #expect(result.stderr.contains("https://stories.example.com/nothing: storyteller has no link \"nothing\""))
        #expect(result.stdout.split(separator: "\n").count == 1)
    }

    @Test("a manifest that cannot be read exits 2")
    func unreadableManifest() async throws {
        let result = try await WayfinderProcess.runDetached([
            "simulate", "https://stories.example.com/spring", "--manifest", "Examples/no-such-manifest.json",
            "--database", "memory:",
        ])
        #expect(result.status == 2)
        #expect(result.stderr.contains("cannot read the manifest"))
    }
}
