import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// Stores sum a link's rollups in SQL and write a whole batch in one statement per table; the
/// figures must be exactly those of the rollup rows summed one by one.
@Suite("Stats summed by the database")
struct StatsAggregationTests {
    /// Clicks of `links` spread over 90 days, four platforms, four referrers (one of them none),
    /// with bots, UTM values and clicks without a link; each field steps through its values with
    /// a different prime, so the combinations vary from click to click and from `offset` to offset.
    static func clicks(of links: [String], count: Int, offset: Int) -> [Click] {
        let start = Date(timeIntervalSince1970: 1_735_689_600)  // 2025-01-01T00:00:00Z
        let platforms: [Platform] = [.ios, .android, .desktop, .other]
        let referrers: [String?] = [nil, "facebook.com", "news.example.com", "t.co"]
        return (offset..<(offset + count)).map { index in
            let link = (index * 7) % (links.count + 1)
            return Click(
                linkID: link == links.count ? nil : links[link], tenant: "storyteller",
                time: start.addingTimeInterval(Double((index * 7_919) % (90 * 86_400))),
                platform: platforms[(index * 11) % platforms.count],
                referrerHost: referrers[(index * 13 / 3) % referrers.count],
                isBot: index % 17 == 0,
                utm: UTMParameters(source: index % 2 == 0 ? "newsletter" : nil))
        }
    }

    @Test(
        "stats equal the link's rollup rows summed one by one, over batches larger than one statement",
        arguments: LinkStoreFactory.all)
    func statsEqualRollupSums(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let links = (0..<3).map { LinkStoreConformanceTests.makeLink(slug: "summed\($0)") }
            for link in links { _ = try await store.insertLink(link) }
            let ids = links.map(\.id)
            // The first batch is larger than one statement's rows; the later ones add to rollup
            // rows the first one made.
            let batches = [
                Self.clicks(of: ids, count: 2_600, offset: 0), Self.clicks(of: ids, count: 500, offset: 2_600),
                Self.clicks(of: ids, count: 1, offset: 3_100),
            ]
            for batch in batches { try await store.insertClicks(batch) }
            let all = batches.flatMap { $0 }
            try await Self.expectStats(of: ids, in: store, equalRollupSumsOf: all)
            #expect(try await store.clickCount(tenant: "storyteller") == all.count)
        }
    }

    /// Checks every figure of each link's stats against the fine rollup rows of `clicks` summed
    /// one by one, and that another tenant sees nothing.
    static func expectStats(
        of ids: [String], in store: any LinkStore, equalRollupSumsOf clicks: [Click],
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let rollups = ClickRollup.rollups(of: clicks)
        for id in ids {
            let expected = ClickRollup.stats(from: rollups.filter { $0.key.linkID == id }.map { ($0.key, $0.value) })
            let stats = try await store.stats(tenant: "storyteller", linkID: id)
            #expect(stats.clicks == expected.clicks, sourceLocation: sourceLocation)
            #expect(stats.botClicks == expected.botClicks, sourceLocation: sourceLocation)
            #expect(stats.byDay == expected.byDay, sourceLocation: sourceLocation)
            #expect(stats.byPlatform == expected.byPlatform, sourceLocation: sourceLocation)
            #expect(stats.byReferrer == expected.byReferrer, sourceLocation: sourceLocation)
            #expect(
                stats.clicks + stats.botClicks == clicks.filter { $0.linkID == id }.count,
                sourceLocation: sourceLocation)
            #expect(try await store.stats(tenant: "another", linkID: id) == LinkStats(), sourceLocation: sourceLocation)
        }
    }

    @Test(
        "a deleted link's rollups go with it: a link stored again under its ID starts from no clicks",
        arguments: LinkStoreFactory.all)
    func deletedLinkRollups(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = LinkStoreConformanceTests.makeLink(slug: "gone")
            _ = try await store.insertLink(link)
            try await store.insertClicks(Self.clicks(of: [link.id], count: 300, offset: 0))
            #expect(try await store.stats(tenant: "storyteller", linkID: link.id).clicks > 0)
            #expect(try await store.deleteLink(tenant: "storyteller", slug: "gone"))
            var again = LinkStoreConformanceTests.makeLink(slug: "back")
            again.id = link.id
            _ = try await store.insertLink(again)
            #expect(try await store.stats(tenant: "storyteller", linkID: link.id) == LinkStats())
        }
    }

    @Test("a link without clicks has empty stats", arguments: LinkStoreFactory.all)
    func noClicks(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = LinkStoreConformanceTests.makeLink(slug: "quiet")
            _ = try await store.insertLink(link)
            #expect(try await store.stats(tenant: "storyteller", linkID: link.id) == LinkStats())
        }
    }
}
