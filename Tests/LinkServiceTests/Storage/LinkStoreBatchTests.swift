import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// Batch insertion and the Firebase Dynamic Links fields, against every store of
/// `LinkStoreFactory.all` (part of the conformance every `LinkStore` must have).
@Suite("LinkStore conformance: batches and Firebase fields")
struct LinkStoreBatchTests {
    static func firebaseLink(slug: String) -> Link {
        var link = LinkStoreConformanceTests.makeLink(slug: slug)
        link.content.firebase = FirebaseParameters(
            ipadFallback: "https://apps.apple.com/app/id2", iosBundleID: "com.storyteller.app",
            appStoreID: "1234567890",
            iosCustomScheme: "storyteller", iosMinimumVersion: "2.1", androidPackage: "com.storyteller.app",
            androidMinimumVersion: "42", affiliateToken: "at1", campaignToken: "ct \"x\"", mediaType: "8",
            providerToken: "pt9", gclid: "g-1")
        return link
    }

    @Test(
        "a link's Firebase parameters read back exactly, and an update replaces them", arguments: LinkStoreFactory.all)
    func firebaseRoundTrip(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            var link = Self.firebaseLink(slug: "fdl")
            #expect(try await store.insertLink(link) == .inserted(link))
            #expect(try await store.link(tenant: "storyteller", slug: "fdl") == link)
            link.content.firebase?.ipadFallback = nil
            link.content.firebase?.gclid = "g-2"
            #expect(try await store.updateLink(link))
            #expect(try await store.link(tenant: "storyteller", slug: "fdl") == link)
            link.content.firebase = nil
            #expect(try await store.updateLink(link))
            #expect(try await store.link(tenant: "storyteller", slug: "fdl")?.content.firebase == nil)
        }
    }

    @Test(
        "a batch inserts in order in one call: new slugs are inserted, taken ones (also within the batch) report the first",
        arguments: LinkStoreFactory.all)
    func batch(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let before = LinkStoreConformanceTests.makeLink(slug: "old")
            _ = try await store.insertLink(before)
            let a = Self.firebaseLink(slug: "a")
            let b = LinkStoreConformanceTests.makeLink(slug: "b")
            let again = LinkStoreConformanceTests.makeLink(
                slug: "old", destination: "https://stories.example.com/story/9")
            let twice = LinkStoreConformanceTests.makeLink(
                slug: "a", destination: "https://stories.example.com/story/8")
            let results = try await store.insertLinks([a, b, again, twice])
            #expect(results == [.inserted(a), .inserted(b), .slugTaken(existing: before), .slugTaken(existing: a)])
            #expect(try await store.link(tenant: "storyteller", slug: "a") == a)
            #expect(try await store.link(tenant: "storyteller", slug: "b") == b)
            #expect(try await store.insertLinks([]) == [])
        }
    }

    @Test(
        "links by slugs answer the tenant's links by slug, leave out slugs without one and never another tenant's",
        arguments: LinkStoreFactory.all)
    func linksBySlugs(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let a = LinkStoreConformanceTests.makeLink(slug: "a")
            var other = LinkStoreConformanceTests.makeLink(slug: "b")
            other.tenant = "chat"
            _ = try await store.insertLinks([a, other])
            let many = (0..<1_500).map { "missing\($0)" }
            let found = try await store.links(tenant: "storyteller", slugs: ["a", "b", "a"] + many)
            #expect(found == ["a": a])
            #expect(try await store.links(tenant: "storyteller", slugs: []).isEmpty)
        }
    }

    @Test("a batch of thousands of links is stored whole", arguments: LinkStoreFactory.all)
    func largeBatch(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let links = (0..<2_000).map { LinkStoreConformanceTests.makeLink(slug: "bulk\($0)") }
            let results = try await store.insertLinks(links)
            #expect(results.count == 2_000)
            #expect(results.allSatisfy { if case .inserted = $0 { true } else { false } })
            var seen = 0
            var cursor: String? = nil
            repeat {
                let page = try await store.links(tenant: "storyteller", after: cursor, limit: 200)
                seen += page.links.count
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen == 2_000)
        }
    }
}
