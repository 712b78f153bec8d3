import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkServiceTesting
import LinkStorage
import NIOCore
import Testing

/// Two live servers on one PostgreSQL database: a runtime domain verified or removed through one
/// is served, or not, by the other at once, through the change feed (not the minute's re-read).
@Suite(
    "Runtime domains on several instances",
    .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.skipNote),
    .enabled(if: ChallengeTestServer.path != nil, Comment(rawValue: ChallengeTestServer.skipNote)))
struct RuntimeDomainInstancesTests {
    @Test(
        "a domain verified through one instance passes the other's TLS ask and serves its files within 2 s; removed through the first, the other refuses it within 2 s"
    )
    func verifiedAndRemovedAtOnce() async throws {
        let dns = try await ChallengeTestServer.start()
        defer { dns.stop() }
        try await PostgresTestDatabase.withSchema { schema in
            var configuration = LinkServiceConfiguration(port: 0)
            configuration.domains.resolver = dns.address
            configuration.domains.healthInterval = .zero
            let storeA = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let storeB = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let a = try LinkServer(configuration: configuration, manifests: [LocalTenant.manifest], store: storeA)
            let b = try LinkServer(configuration: configuration, manifests: [LocalTenant.manifest], store: storeB)
            let (key, record) = APIKey.make(tenant: "local")
            try await storeA.insertAPIKey(record)

            try await a.makeApplication().testLive { clientA in
                try await b.makeApplication().testLive { clientB in
                    func ask(_ client: some TestClientProtocol) async throws -> HTTPResponse.Status {
                        try await client.execute(uri: "/tls/ask?domain=go.local.test", method: .get).status
                    }
                    let added = try await clientA.execute(
                        uri: "/api/v1/domains", method: .post, headers: .bearer(key),
                        body: ByteBuffer(string: #"{"domain": "go.local.test"}"#))
                    #expect(added.status == .created)
                    let token = try #require(added.json?[path: "verification.value"])
                    #expect(try await ask(clientB) == .notFound)

                    try await dns.setTXT("_wayfinder-challenge.go.local.test", token)
                    let verified = try await clientA.execute(
                        uri: "/api/v1/domains/go.local.test/verify", method: .post, headers: .bearer(key))
                    #expect(verified.json?[path: "status"] == "verified")
                    #expect(try await eventually(within: .seconds(2)) { try await ask(clientB) == .ok })
                    #expect(b.tenants.runtimeDomains == ["go.local.test": "local"])
                    let served = try await clientB.execute(
                        uri: "/.well-known/apple-app-site-association", method: .get,
                        headers: .visitor(Agents.desktop, host: "go.local.test"))
                    #expect(served.status == .ok)

                    #expect(
                        try await clientA.execute(
                            uri: "/api/v1/domains/go.local.test", method: .delete, headers: .bearer(key)
                        ).status == .noContent)
                    #expect(try await eventually(within: .seconds(2)) { try await ask(clientB) == .notFound })
                    #expect(b.tenants.runtimeDomains.isEmpty)
                }
            }
            try await storeA.close()
            try await storeB.close()
        }
    }
}
