import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("Click events for ClickHouse")
struct ClickEventTests {
    static let start = Date(timeIntervalSince1970: 1_800_000_000)

    /// A click with only what every click has, and one with every member set (escapes too).
    static var sampleClicks: [Click] {
        var utm = UTMParameters()
        utm.source = "news/letter"
        utm.campaign = "spring \"sale\"\té"
        return [
            Click(linkID: "l1", tenant: "storyteller", time: start, platform: .ios),
            Click(
                linkID: nil, tenant: "chat", time: start.addingTimeInterval(0.9), platform: .android,
                os: "Android", browser: "Chrome", referrerHost: "news.example.com", isBot: true, utm: utm,
                claimIssued: true, visitorKey: UInt64.max, country: "DE", rule: 0, variant: 3, inApp: .instagram),
        ]
    }

    @Test("an outbox line is compact JSON, keys sorted, without the members ClickHouse takes missing as their value")
    func jsonLines() throws {
        let id = "0f8fad5b-d9cb-469f-a165-70867728950e"
        let lines = Self.sampleClicks.map { ClickEvent($0, id: id).jsonLine }
        #expect(
            lines == [
                #"{"click_id":"0f8fad5b-d9cb-469f-a165-70867728950e","link_id":"l1","platform":"ios","#
                    + #""tenant":"storyteller","time":1800000000}"#,
                #"{"browser":"Chrome","claim_issued":1,"click_id":"0f8fad5b-d9cb-469f-a165-70867728950e","#
                    + #""country":"DE","in_app":"Instagram","is_bot":1,"os":"Android","platform":"android","referrer":"news.example.com","#
                    + #""rule":0,"tenant":"chat","time":1800000000,"utm_campaign":"spring \"sale\"\té","#
                    + #""utm_source":"news/letter","variant":3,"visitor":18446744073709551615}"#,
            ])
        for line in lines {
            #expect(try JSONSerialization.jsonObject(with: Data(line.utf8)) is [String: Any])
        }
    }

    @Test("an outbox entry is its clicks' lines, a hundred at most, with IDs all different")
    func entries() throws {
        let clicks = (0..<250).map { Self.sampleClicks[$0 % 2] }
        let entries = ClickEvent.entries(of: clicks)
        #expect(entries.map(\.lines) == [100, 100, 50])
        let lines = entries.flatMap { $0.text.split(separator: "\n") }
        #expect(lines.count == 250)
        let ids = try lines.map { line in
            let object = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            return try #require(object["click_id"] as? String)
        }
        #expect(Set(ids).count == 250)
        #expect(lines[1].hasSuffix(#""visitor":18446744073709551615}"#))
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
