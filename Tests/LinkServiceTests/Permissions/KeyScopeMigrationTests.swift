import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkService
import LinkStorage
import SQLiteNIO
import Testing

/// Keys made before keys had scopes keep working after the upgrade, as keys with every scope but
/// `app`.
@Suite("Key scopes migration")
struct KeyScopeMigrationTests {
    @Test("a version-19 SQLite database's key becomes an all-scope key but app, and still opens the API")
    func oldKeysKeepWorking() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let path = directory.path("links.sqlite")
        let (key, record) = APIKey.make(tenant: "storyteller", scopes: [.app])
        try await SQLiteLinkStore.withStore(path: path) { store in try await store.insertAPIKey(record) }
        // Back to version 19, as a build before scopes left it.
        let connection = try await SQLiteConnection.open(storage: .file(path: path))
        for statement in [
            // Versions 21 to 24 (people, events, domain health, people's sessions) go too: the store
            // migrates them again.
            "DROP TABLE people", "DROP TABLE memberships", "DROP TABLE invitations",
            "ALTER TABLE console_sessions DROP COLUMN person_id",
            "DROP TABLE events", "DROP INDEX clicks_click_id", "ALTER TABLE clicks DROP COLUMN click_id",
            "DROP TABLE domain_health",
            "ALTER TABLE api_keys DROP COLUMN scopes", "ALTER TABLE api_keys DROP COLUMN name",
            "ALTER TABLE api_keys DROP COLUMN owner", "ALTER TABLE api_keys DROP COLUMN last_used_at",
            "DROP TABLE audit_events", "DELETE FROM schema_migrations WHERE version >= 20",
        ] {
            _ = try await connection.query(statement)
        }
        try await connection.close()

        let store = try await SQLiteLinkStore.open(path: path)
        do {
            #expect(try await store.schemaVersion() == SQLiteLinkStore.latestSchemaVersion)
            let upgraded = try #require(try await store.apiKey(hash: record.hash))
            #expect(upgraded.scopes == Scope.standard)
            #expect(upgraded.name == nil && upgraded.owner == nil && upgraded.lastUsedAt == nil)
            let server = try LinkServer(
                configuration: LinkServiceConfiguration(port: 0), manifests: [try TestService.example("storyteller")],
                store: store)
            try await server.makeApplication().test(.router) { client in
                for path in ["/api/v1/links", "/api/v1/stats", "/api/v1/webhooks", "/api/v1/domains", "/api/v1/audit"] {
                    let response = try await client.execute(uri: path, method: .get, headers: .bearer(key))
                    #expect(response.status == .ok, "\(path): \(response.text)")
                }
            }
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }
}
