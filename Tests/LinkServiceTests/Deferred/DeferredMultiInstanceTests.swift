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

/// Claim tokens across two live servers on one PostgreSQL database, as behind a load balancer.
@Suite(
    "Deferred deep links on several instances",
    .enabled(if: PostgresTestDatabase.isConfigured, PostgresTestDatabase.skipNote))
struct DeferredMultiInstanceTests {
    @Test("instances share the signing secret, and two instances racing on one token answer exactly one 200")
    func racingClaims() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            let configuration = LinkServiceConfiguration(port: 0)
            let storeA = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let storeB = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let a = try LinkServer(configuration: configuration, manifests: [DeferredTenants.local], store: storeA)
            let b = try LinkServer(configuration: configuration, manifests: [DeferredTenants.local], store: storeB)
            let (key, record) = APIKey.make(tenant: "local")
            try await storeA.insertAPIKey(record)

            try await a.makeApplication().testLive { clientA in
                try await b.makeApplication().testLive { clientB in
                    #expect(try await storeA.claimSecrets().count == 1)
                    let created = try await clientA.execute(
                        uri: "/api/v1/links", method: .post, headers: .bearer(key),
                        body: ByteBuffer(string: #"{"destination": "https://localhost/item/7", "slug": "raced"}"#))
                    #expect(created.status == .created)
                    for round in 0..<10 {
                        // Issued by one instance, claimed on both at once.
                        let issuer = round.isMultiple(of: 2) ? clientA : clientB
                        let token = try #require(try await DeferredTenants.androidToken("raced", via: issuer))
                        async let first = DeferredTenants.claim(token, via: clientA)
                        async let second = DeferredTenants.claim(token, via: clientB)
                        let statuses = [try await first.status, try await second.status].map(\.code).sorted()
                        #expect(statuses == [200, 410], "round \(round)")
                    }
                }
            }
            try await storeA.close()
            try await storeB.close()
        }
    }

    @Test("after a rotation on one instance, tokens signed before it still claim on the other")
    func rotation() async throws {
        try await PostgresTestDatabase.withSchema { schema in
            let storeA = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let storeB = try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
            let configuration = LinkServiceConfiguration(port: 0)
            let time = ManualClock()
            let a = try LinkServer(
                configuration: configuration, manifests: [DeferredTenants.local], store: storeA, clock: time.clock)
            let b = try LinkServer(
                configuration: configuration, manifests: [DeferredTenants.local], store: storeB, clock: time.clock)
            let (key, record) = APIKey.make(tenant: "local")
            try await storeA.insertAPIKey(record)
            try await a.makeApplication().testLive { clientA in
                let created = try await clientA.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(string: #"{"destination": "https://localhost/item/8", "slug": "rotated"}"#))
                #expect(created.status == .created)
                let token = try #require(try await DeferredTenants.androidToken("rotated", via: clientA))
                let rotated = try await storeB.rotateClaimSecret()
                #expect(rotated.keyID == 2)
                // B starts after the rotation: it signs with key 2 and still accepts key 1's token.
                try await b.makeApplication().testLive { clientB in
                    #expect(try await DeferredTenants.claim(token, via: clientB).status == .ok)
                    let newer = try #require(try await DeferredTenants.androidToken("rotated", via: clientB))
                    // A has not read the rotation yet: the unknown key id makes it look again (at most
                    // once a second).
                    time.advance(by: .milliseconds(1100))
                    #expect(try await DeferredTenants.claim(newer, via: clientA).status == .ok)
                }
            }
            try await storeA.close()
            try await storeB.close()
        }
    }
}
