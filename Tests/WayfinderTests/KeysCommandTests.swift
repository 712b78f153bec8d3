import Foundation
import Testing

@Suite("wayfinder keys")
struct KeysCommandTests {
    static func temporaryDatabase() throws -> (url: String, directory: URL) {
        let directory = try TemporaryDirectory(prefix: "wayfinder-keys").url
        return ("sqlite:" + directory.appendingPathComponent("keys.sqlite").path, directory)
    }

    @Test("keys create prints only the new key; list shows its prefix; revoke marks it revoked")
    func createListRevoke() async throws {
        let (database, directory) = try Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let created = try await WayfinderProcess.runDetached([
            "keys", "create", "--tenant", "storyteller", "--manifest", "Examples/storyteller.json", "--database",
            database,
        ])
        #expect(created.status == 0, "\(created.stderr)")
        let lines = created.stdout.split(separator: "\n")
        #expect(lines.count == 1)
        let key = String(lines.first ?? "")
        #expect(key.hasPrefix("wf_") && key.count == 43)
        let prefix = String(key.prefix(11))

        let listed = try await WayfinderProcess.runDetached(["keys", "list", "--database", database])
        #expect(listed.status == 0)
        #expect(listed.stdout.hasPrefix("\(prefix) storyteller "))
        #expect(!listed.stdout.contains(key))

        let revoked = try await WayfinderProcess.runDetached(["keys", "revoke", prefix, "--database", database])
        #expect(revoked.status == 0, "\(revoked.stderr)")
        #expect(
            try await WayfinderProcess.runDetached(["keys", "list", "--database", database]).stdout.contains(
                " revoked "))
        let again = try await WayfinderProcess.runDetached(["keys", "revoke", prefix, "--database", database])
        #expect(again.status == 1)
        #expect(again.stderr.contains("no active key"))
    }

    @Test("keys create refuses a tenant that none of the manifests names")
    func unknownTenant() async throws {
        let (database, directory) = try Self.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let result = try await WayfinderProcess.runDetached([
            "keys", "create", "--tenant", "nope", "--manifest", "Examples/storyteller.json", "--database", database,
        ])
        #expect(result.status == 1)
        #expect(result.stdout.isEmpty)
        #expect(result.stderr.contains("storyteller"))
    }
}
