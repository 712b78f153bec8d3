import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

@Suite("API keys' tenants are cached for a few seconds, and revocations reach the cache")
struct APIKeyCacheTests {
    @Test("a key revoked behind the server's back works until its cache entry runs out, then is 401")
    func revocationBound() async throws {
        let time = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
        let service = try await TestService.make(clock: time.clock)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            #expect(try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key)).status == .ok)
            // As `wayfinder keys revoke` does from another process: the server is not told.
            _ = try await service.store.revokeAPIKeys(prefix: String(key.prefix(APIKey.prefixLength)), at: Date())
            #expect(try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key)).status == .ok)
            time.advance(by: LinkServiceConfiguration().apiKeyCacheLifetime)
            let refused = try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key))
            #expect(refused.status == .unauthorized)
            #expect(refused.json?[path: "type"] == "urn:wayfinder:problem:invalid-api-key")
        }
        await service.close()
    }

    @Test("a key made after an unknown-key answer works at once: unknown keys are not remembered")
    func unknownKeysAreNotCached() async throws {
        let service = try await TestService.make()
        let (key, record) = APIKey.make(tenant: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            #expect(
                try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key)).status
                    == .unauthorized)
            try await service.store.insertAPIKey(record)
            #expect(try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key)).status == .ok)
        }
        await service.close()
    }

    @Test(
        "a key revoked through another instance on PostgreSQL is refused within 1 s, however long the cache keeps keys",
        .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.skipNote))
    func revocationAnnounced() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            var configuration = LinkServiceConfiguration(port: 0)
            // Only the announcement can make the server notice in time.
            configuration.apiKeyCacheLifetime = .seconds(3600)
            let served = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let other = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let server = try LinkServer(configuration: configuration, manifests: [LocalTenant.manifest], store: served)
            let (key, record) = APIKey.make(tenant: "local")
            try await other.insertAPIKey(record)
            try await server.makeApplication().testLive { client in
                #expect(
                    try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key)).status == .ok)
                _ = try await other.revokeAPIKeys(prefix: record.prefix, at: Date())
                #expect(
                    try await eventually(within: .seconds(1)) {
                        try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(key)).status
                            == .unauthorized
                    })
            }
            try await served.close()
            try await other.close()
        }
    }
}
