import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// Several instances on one PostgreSQL database: each message is taken by one of them at a time.
@Suite("Webhook outbox on several instances")
struct WebhookMultiInstanceTests {
    @Test("instances claiming at once take disjoint messages, and together all of them")
    func disjointClaims() async throws {
        guard PostgresTestDatabase.isConfigured else { return }
        try await PostgresTestDatabase.withSchema { (schema: PostgresTestDatabase.Schema) async throws in
            let stores = try await withThrowingTaskGroup(of: PostgresLinkStore.self) { group in
                for _ in 0..<3 {
                    group.addTask {
                        try await PostgresLinkStore.open(url: schema.url, options: PostgresTestDatabase.storeOptions)
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let now = WebhookStoreTests.start
            _ = try await stores[0].insertWebhookEndpoint(WebhookStoreTests.endpoint("wh_1"), limit: 10)
            for index in 0..<60 { _ = try await stores[index % 3].insertLink(WebhookStoreTests.link("l\(index)")) }
            let claims = try await withThrowingTaskGroup(of: [String].self) { group in
                for (index, store) in stores.enumerated() {
                    group.addTask {
                        var taken: [String] = []
                        while true {
                            let batch = try await store.claimWebhookMessages(
                                owner: "instance-\(index)", now: now, leaseUntil: now.addingTimeInterval(60), limit: 4)
                            if batch.isEmpty { return taken }
                            taken += batch.map(\.id)
                        }
                    }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            let all = claims.flatMap { $0 }
            #expect(all.count == 60)
            #expect(Set(all).count == 60)
            for store in stores { try await store.close() }
        }
    }
}
