import Foundation
import Testing

@testable import LinkService

@Suite("Click events for ClickHouse")
struct ClickEventTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    @Test("an outbox line is exactly what JSONEncoder with sorted keys writes, with and without the optional fields")
    func sameAsJSONEncoder() throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        var utm = UTMParameters()
        utm.source = "news/letter"
        utm.campaign = "spring \"sale\" é"
        let clicks = [
            Click(linkID: "l1", tenant: "storyteller", time: Self.start, platform: .ios),
            Click(
                linkID: nil, tenant: "chat", time: Self.start.addingTimeInterval(0.9), platform: .android,
                os: "Android",
                browser: "Chrome", referrerHost: "news.example.com", isBot: true, utm: utm, claimIssued: true,
                visitorKey: UInt64.max, country: "DE", rule: 0, variant: 3),
        ]
        for click in clicks {
            let event = ClickEvent(click, id: UUID().uuidString.lowercased())
            #expect(event.jsonLine == String(decoding: try encoder.encode(event), as: UTF8.self))
            #expect(try JSONDecoder().decode(ClickEvent.self, from: Data(event.jsonLine.utf8)) == event)
        }
    }

    @Test("click IDs are version 4 UUIDs, all different within a batch and across batches")
    func clickIDs() {
        var generator = SystemRandomNumberGenerator()
        let batches = (0..<100).map { _ in
            ClickEvent.clickIDs(count: 1_000, using: &generator)
        }
        let ids = batches.flatMap { $0 }
        #expect(Set(ids).count == 100_000)
        for id in batches.map(\.first!) + batches[0] {
            let characters = Array(id)
            #expect(characters[14] == "4")
            #expect("89ab".contains(characters[19]))
        }
    }

    @Test("a visitor's key is SipHash-2-4 of tenant, address and User-Agent with the day's secret")
    func visitorKeyIsTheDocumentedHash() async throws {
        try await LinkStoreFactory.sqlite.withStore { store in
            try await Self.checkVisitorKey(outbox: try #require(store as? any OutboxRecords))
        }
    }

    private static func checkVisitorKey(outbox store: any OutboxRecords) async throws {
        let keys = VisitorKeys()
        try await keys.refresh(from: store, now: Self.start)
        let secret = try await store.dailySecret(
            purpose: VisitorKeys.purpose, day: Click.day(of: Self.start), candidate: "unused", deletingBefore: "")
        let key = try #require(
            keys.key(tenant: "storyteller", address: "192.0.2.7", userAgent: "Agent/1", at: Self.start))
        let bytes = try #require(Data(base64Encoded: secret))
        let hash = try #require(SipHash24(key: bytes))
        let expected = hash.hash(Array("storyteller\u{0}192.0.2.7\u{0}Agent/1".utf8))
        #expect(key == expected)
        // The same visitor the same day: the same key; another address: another.
        #expect(keys.key(tenant: "storyteller", address: "192.0.2.7", userAgent: "Agent/1", at: Self.start) == key)
        #expect(keys.key(tenant: "storyteller", address: "192.0.2.8", userAgent: "Agent/1", at: Self.start) != key)
    }
}
