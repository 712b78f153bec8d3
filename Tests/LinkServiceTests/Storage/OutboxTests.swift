import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The outbox of the SQL stores (SQLite, PostgreSQL): in order, in the clicks' transaction,
/// bounded, one sender at a time; and the daily secrets every instance shares.
@Suite("Outbox")
struct OutboxTests {
    static var factories: [LinkStoreFactory] {
        LinkStoreFactory.all.filter { $0.name != "memory" }
    }

    static func outbox(_ store: any LinkStore) throws -> any OutboxRecords {
        try #require(store as? any OutboxRecords)
    }

    static func append(_ payloads: [String], limit: Int = 1_000) -> OutboxAppend {
        OutboxAppend(
            topic: OutboxTopic.clickhouse, payloads: payloads.map(OutboxPayload.init(counting:)), limit: limit,
            createdAt: Date())
    }

    @Test("clicks and their entries are stored together; entries come back oldest first", arguments: factories)
    func inOrder(factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            let outbox = try Self.outbox(store)
            let link = LinkStoreConformanceTests.makeLink(slug: "box")
            _ = try await store.insertLink(link)
            let clicks = (0..<3).map { _ in Click(linkID: link.id, tenant: "storyteller", time: Date(), platform: .ios)
            }
            #expect(try await outbox.insertClicks(clicks, queueing: Self.append(["a", "b", "c"])) == 0)
            #expect(try await outbox.insertClicks([], queueing: Self.append(["d"])) == 0)
            #expect(try await store.stats(tenant: "storyteller", linkID: link.id).clicks == 3)
            let entries = try await outbox.outboxEntries(topic: OutboxTopic.clickhouse, limit: 10)
            #expect(entries.map(\.payload.text) == ["a", "b", "c", "d"])
            #expect(entries.map(\.id) == entries.map(\.id).sorted())
            #expect(try await outbox.outboxDepth(topic: OutboxTopic.clickhouse) == 4)
            // Exactly the entries sent: on PostgreSQL an entry with a lower id can commit after
            // higher ones were read ("c" here stands for it), and must stay to be sent.
            try await outbox.deleteOutboxEntries(
                topic: OutboxTopic.clickhouse, ids: [entries[0].id, entries[1].id, entries[3].id])
            #expect(
                try await outbox.outboxEntries(topic: OutboxTopic.clickhouse, limit: 10).map(\.payload.text) == ["c"])
            #expect(try await outbox.outboxEntries(topic: "another", limit: 10).isEmpty)
        }
    }

    @Test("past its bound the outbox deletes the oldest entries and says how many", arguments: factories)
    func bounded(factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            let outbox = try Self.outbox(store)
            #expect(try await outbox.insertClicks([], queueing: Self.append(["1", "2", "3"], limit: 5)) == 0)
            #expect(try await outbox.insertClicks([], queueing: Self.append(["4", "5", "6", "7"], limit: 5)) == 2)
            let payloads = try await outbox.outboxEntries(topic: OutboxTopic.clickhouse, limit: 10).map(\.payload.text)
            #expect(payloads == ["3", "4", "5", "6", "7"])
        }
    }

    @Test(
        "an entry may hold several lines: the depth counts lines, and the bound says how many lines it deleted",
        arguments: factories)
    func entriesOfSeveralLines(factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            let outbox = try Self.outbox(store)
            #expect(try await outbox.insertClicks([], queueing: Self.append(["a\nb\nc", "d\ne"], limit: 2)) == 0)
            #expect(try await outbox.outboxDepth(topic: OutboxTopic.clickhouse) == 5)
            #expect(try await outbox.insertClicks([], queueing: Self.append(["f"], limit: 2)) == 3)
            #expect(try await outbox.outboxDepth(topic: OutboxTopic.clickhouse) == 3)
            let entries = try await outbox.outboxEntries(topic: OutboxTopic.clickhouse, limit: 10)
            #expect(entries.map(\.payload.text) == ["d\ne", "f"])
        }
    }

    @Test("one holder of a topic's lease at a time, until it expires", arguments: factories)
    func lease(factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            let outbox = try Self.outbox(store)
            let now = Date()
            let topic = OutboxTopic.clickhouse
            #expect(try await outbox.acquireOutboxLease(topic: topic, holder: "a", until: now + 30, now: now))
            #expect(try await outbox.acquireOutboxLease(topic: topic, holder: "b", until: now + 30, now: now) == false)
            #expect(try await outbox.acquireOutboxLease(topic: topic, holder: "a", until: now + 60, now: now + 10))
            #expect(try await outbox.acquireOutboxLease(topic: topic, holder: "b", until: now + 90, now: now + 61))
            #expect(
                try await outbox.acquireOutboxLease(topic: topic, holder: "a", until: now + 100, now: now + 70) == false
            )
        }
    }

    @Test("a day's secret is the first one stored; older days' are deleted", arguments: factories)
    func dailySecrets(factory: LinkStoreFactory) async throws {
        try await factory.withStore { store in
            let outbox = try Self.outbox(store)
            let purpose = VisitorKeys.purpose
            #expect(
                try await outbox.dailySecret(
                    purpose: purpose, day: "2026-01-01", candidate: "x", deletingBefore: "2026-01-01") == "x")
            #expect(
                try await outbox.dailySecret(
                    purpose: purpose, day: "2026-01-01", candidate: "y", deletingBefore: "2026-01-01") == "x")
            #expect(
                try await outbox.dailySecret(
                    purpose: purpose, day: "2026-01-02", candidate: "z", deletingBefore: "2026-01-02") == "z")
            // 2026-01-01's was deleted with the call above: a new candidate is taken.
            #expect(
                try await outbox.dailySecret(
                    purpose: purpose, day: "2026-01-01", candidate: "w", deletingBefore: "2026-01-01") == "w")
        }
    }
}
