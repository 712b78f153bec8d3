import Foundation
import LinkCore
import LinkStorage
import Testing

@Suite("wayfinder keys: scopes")
struct KeysScopeCommandTests {
    @Test("keys create --scope app --name makes an app key; list shows its scopes and name; the audit log has it")
    func scopedKey() async throws {
        let (database, directory) = try KeysCommandTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let created = try await WayfinderProcess.runDetached([
            "keys", "create", "--tenant", "storyteller", "--scope", "app", "--name", "iOS app", "--database", database,
        ])
        #expect(created.status == 0, "\(created.stderr)")
        let prefix = String(created.stdout.prefix(11))
        let plain = try await WayfinderProcess.runDetached([
            "keys", "create", "--tenant", "storyteller", "--database", database,
        ])
        #expect(plain.status == 0)
        let listed = try await WayfinderProcess.runDetached(["keys", "list", "--database", database]).stdout
        let lines = listed.split(separator: "\n")
        #expect(lines.first?.hasPrefix("\(prefix) storyteller ") == true)
        #expect(lines.first?.contains(" scopes app name \"iOS app\"") == true)
        #expect(
            lines.last?.contains(
                " scopes links:read,links:write,stats:read,webhooks:write,domains:write,members:write,events:write")
                == true)
        let revoked = try await WayfinderProcess.runDetached(["keys", "revoke", prefix, "--database", database])
        #expect(revoked.status == 0)

        let path = String(database.dropFirst("sqlite:".count))
        let store = try await SQLiteLinkStore.open(path: path)
        let entries = try await store.auditEntries(tenant: "storyteller", query: AuditQuery(), before: nil, limit: 10)
        try await store.close()
        #expect(entries.map(\.action) == [.keyRevoked, .keyCreated, .keyCreated])
        #expect(entries.allSatisfy { $0.actor == "operator" })
        #expect(entries.last?.target == "key:" + prefix)
        #expect(entries.last?.changes.contains(AuditChange(field: "scopes", before: nil, after: "app")) == true)
    }

    @Test("keys create refuses a scope it does not know, naming the scopes there are")
    func unknownScope() async throws {
        let (database, directory) = try KeysCommandTests.temporaryDatabase()
        defer { try? FileManager.default.removeItem(at: directory) }
        let created = try await WayfinderProcess.runDetached([
            "keys", "create", "--tenant", "storyteller", "--scope", "links:everything", "--database", database,
        ])
        #expect(created.status == 1)
        #expect(created.stdout.isEmpty)
        #expect(created.stderr.contains("links:read") && created.stderr.contains("app"))
    }
}
