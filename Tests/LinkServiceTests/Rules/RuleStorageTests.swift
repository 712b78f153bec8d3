import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// Rules, variants and `expiredURL` are stored with the link by every store (SQLite, PostgreSQL,
/// memory): read back, changed and removed exactly.
@Suite("Rule storage")
struct RuleStorageTests {
    static let rules = [
        RedirectRule(
            name: "German speakers", conditions: [.language(["de"]), .country(["DE", "AT"])],
            destination: "https://www.stories.example.com/de"),
        RedirectRule(
            conditions: [
                .device(["android"]), .query(name: "ref", match: .equals("newsletter")),
                .query(name: "p", match: .valueless), .query(name: "q", match: .present),
                .ip([IPRange("203.0.113.0/24")!, IPRange("2001:db8::/32")!]),
                .before(Date(timeIntervalSince1970: 1_900_000_000)), .after(Date(timeIntervalSince1970: 1_800_000_000)),
                .browser(["chrome", "samsung"]),
            ],
            fallbacks: Fallbacks(android: "https://www.stories.example.com/android")),
    ]
    static let variants = [
        LinkVariant(destination: "https://www.stories.example.com/a", weight: 30),
        LinkVariant(fallbacks: Fallbacks(desktop: "https://www.stories.example.com/b"), weight: 70),
    ]

    @Test("rules, variants and expiredURL read back as inserted and as changed", arguments: LinkStoreFactory.all)
    func roundTrip(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            var link = LinkStoreConformanceTests.makeLink(slug: "ruled")
            link.content.rules = Self.rules
            link.content.variants = Self.variants
            link.content.expiredURL = "https://www.stories.example.com/over"
            #expect(try await store.insertLink(link) == .inserted(link))
            #expect(try await store.link(tenant: "storyteller", slug: "ruled") == link)

            link.content.rules = [Self.rules[1]]
            link.content.variants = []
            link.content.expiredURL = nil
            #expect(try await store.updateLink(link))
            #expect(try await store.link(tenant: "storyteller", slug: "ruled") == link)

            link.content.rules = []
            #expect(try await store.updateLink(link))
            let read = try #require(try await store.link(tenant: "storyteller", slug: "ruled"))
            #expect(read.content.rules.isEmpty)
            #expect(read == link)
        }
    }
}
