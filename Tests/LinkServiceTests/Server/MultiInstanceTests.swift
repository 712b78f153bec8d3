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

/// Two live servers on one PostgreSQL database, as behind a load balancer.
@Suite(
    "Several instances on one PostgreSQL",
    .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.skipNote))
struct MultiInstanceTests {
    @Test(
        "a link created, changed or deleted through one instance is served so by the other within 1 s, and clicks from both add up"
    )
    func twoInstances() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            var configuration = LinkServiceConfiguration(port: 0)
            // Only the change notifications can make the other instance notice in time.
            configuration.linkCacheLifetime = .seconds(3600)
            configuration.clickFlushInterval = .milliseconds(100)
            let storeA = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let storeB = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let a = try LinkServer(configuration: configuration, manifests: [LocalTenant.manifest], store: storeA)
            let b = try LinkServer(configuration: configuration, manifests: [LocalTenant.manifest], store: storeB)
            let (key, record) = APIKey.make(tenant: "local")
            try await storeA.insertAPIKey(record)
            let first = "https://www.local.example.com/first"
            let second = "https://www.local.example.com/second"

            try await a.makeApplication().testLive { clientA in
                try await b.makeApplication().testLive { clientB in
                    // B learns that "shared" does not exist and caches that.
                    #expect(try await LocalTenant.location(of: "shared", via: clientB) == nil)

                    #expect(
                        try await LocalTenant.create("shared", destination: first, key: key, via: clientA).status
                            == .created)
                    #expect(
                        try await eventually(within: .seconds(1)) {
                            try await LocalTenant.location(of: "shared", via: clientB) == first
                        })

                    let patched = try await clientA.execute(
                        uri: "/api/v1/links/shared", method: .patch, headers: .bearer(key),
                        body: ByteBuffer(string: #"{"destination": "\#(second)"}"#))
                    #expect(patched.status == .ok)
                    #expect(
                        try await eventually(within: .seconds(1)) {
                            try await LocalTenant.location(of: "shared", via: clientB) == second
                        })

                    // Clicks on a link neither instance has visited yet, through both.
                    #expect(
                        try await LocalTenant.create("counted", destination: first, key: key, via: clientA).status
                            == .created)
                    for _ in 0..<5 { #expect(try await LocalTenant.location(of: "counted", via: clientA) == first) }
                    for _ in 0..<6 { #expect(try await LocalTenant.location(of: "counted", via: clientB) == first) }
                    let link = try #require(try await storeA.link(tenant: "local", slug: "counted"))
                    _ = try await eventually(within: .seconds(10)) {
                        try await storeB.stats(tenant: "local", linkID: link.id).clicks >= 11
                    }
                    #expect(try await storeB.stats(tenant: "local", linkID: link.id).clicks == 11)
                    let stats = try await clientB.execute(
                        uri: "/api/v1/links/counted/stats", method: .get, headers: .bearer(key))
                    #expect(stats.json?[path: "clicks"] == "11")

                    #expect(
                        try await clientA.execute(uri: "/api/v1/links/shared", method: .delete, headers: .bearer(key))
                            .status == .noContent)
                    #expect(
                        try await eventually(within: .seconds(1)) {
                            try await clientB.execute(
                                uri: "/shared", method: .get, headers: [.userAgent: Agents.desktop]
                            ).status == .notFound
                        })
                }
            }
            try await storeA.close()
            try await storeB.close()
        }
    }
}
