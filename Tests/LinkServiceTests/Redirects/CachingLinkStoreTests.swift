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

/// The bounded link cache in front of the store.
@Suite("Caching link store")
struct CachingLinkStoreTests {
    static func link(_ slug: String) -> Link {
        Link(
            id: "id-\(slug)", tenant: "storyteller", domain: "stories.example.com", slug: slug,
            content: LinkContent(destination: "https://www.stories.example.com/\(slug)"),
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
    }

    static func metric(_ name: String, in metrics: LinkServiceMetrics) -> Int? {
        String(decoding: metrics.exposition(), as: UTF8.self).split(separator: "\n")
            .first { $0.hasPrefix(name + " ") }
            .flatMap { Double($0.split(separator: " ")[1]) }
            .map { Int($0) }
    }

    /// A cache of `capacity` entries in front of a new SQLite store, aging by `time`; the store is
    /// closed after `body`.
    static func withCache(
        lifetime: Duration?, capacity: Int = 100, time: ManualClock = ManualClock(),
        _ body: (_ base: SQLiteLinkStore, _ store: CachingLinkStore, _ metrics: LinkServiceMetrics) async throws -> Void
    ) async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let base = try await SQLiteLinkStore.open(path: directory.path("links.sqlite"))
        let metrics = LinkServiceMetrics()
        let store = CachingLinkStore(
            base: base, lifetime: lifetime, capacity: capacity, registry: metrics.registry, clock: time)
        do {
            try await body(base, store, metrics)
        } catch {
            try? await base.close()
            throw error
        }
        try await base.close()
    }

    @Test("the cache keeps at most its capacity while many links are read, and keeps the links read often")
    func boundedAndKeepsHotLinks() async throws {
        try await Self.withCache(lifetime: .seconds(3600), capacity: 10) { base, store, metrics in
            for number in 0..<100 { _ = try await base.insertLink(Self.link("s\(number)")) }
            for number in 0..<100 {
                #expect(try await store.cachedLink(tenant: "storyteller", slug: "s\(number)")?.id == "id-s\(number)")
                // One link read between all the others stays cached throughout.
                #expect(try await store.cachedLink(tenant: "storyteller", slug: "s0")?.id == "id-s0")
                #expect(store.count <= 10)
            }
            #expect(Self.metric("wayfinder_link_cache_misses_total", in: metrics) == 100)
            #expect(Self.metric("wayfinder_link_cache_hits_total", in: metrics) == 100)
        }
    }

    @Test("writes through the wrapper replace or drop the cached link at once")
    func writesKeepCacheRight() async throws {
        try await Self.withCache(lifetime: .seconds(3600)) { base, store, metrics in
            #expect(try await store.cachedLink(tenant: "storyteller", slug: "a") == nil)  // caches "unknown"
            _ = try await store.insertLink(Self.link("a"))
            #expect(
                try await store.cachedLink(tenant: "storyteller", slug: "a")?.content.destination.hasSuffix("/a")
                    == true)
            var changed = Self.link("a")
            changed.content.destination = "https://www.stories.example.com/changed"
            #expect(try await store.updateLink(changed))
            #expect(
                try await store.cachedLink(tenant: "storyteller", slug: "a")?.content.destination.hasSuffix("/changed")
                    == true)
            #expect(try await store.deleteLink(tenant: "storyteller", slug: "a"))
            #expect(try await store.cachedLink(tenant: "storyteller", slug: "a") == nil)
            // A change another instance announced.
            _ = try await base.insertLink(Self.link("b"))
            #expect(try await store.cachedLink(tenant: "storyteller", slug: "b") != nil)
            #expect(try await base.deleteLink(tenant: "storyteller", slug: "b"))
            #expect(try await store.cachedLink(tenant: "storyteller", slug: "b") != nil)  // still cached
            store.invalidate(tenant: "storyteller", slug: "b")
            #expect(try await store.cachedLink(tenant: "storyteller", slug: "b") == nil)
        }
    }

    @Test("an entry is answered for its lifetime as the cache's clock counts it, then read from the store again")
    func entriesExpireByTheirClock() async throws {
        let time = ManualClock()
        try await Self.withCache(lifetime: .seconds(60), time: time) { base, store, metrics in
            #expect(try await store.cachedLink(tenant: "storyteller", slug: "a") == nil)  // caches "unknown"
            // Made behind the cache's back, as another instance would without a change feed.
            _ = try await base.insertLink(Self.link("a"))
            time.advance(by: .seconds(59))
            #expect(try await store.cachedLink(tenant: "storyteller", slug: "a") == nil)
            time.advance(by: .seconds(2))
            #expect(try await store.cachedLink(tenant: "storyteller", slug: "a")?.id == "id-a")
            #expect(Self.metric("wayfinder_link_cache_misses_total", in: metrics) == 2)
            #expect(Self.metric("wayfinder_link_cache_hits_total", in: metrics) == 1)
        }
    }

    @Test("a link read again after its lifetime keeps its version when unchanged and gets a new one when changed")
    func versionSurvivesUnchangedReads() async throws {
        let time = ManualClock()
        try await Self.withCache(lifetime: .seconds(60), time: time) { base, store, metrics in
            _ = try await base.insertLink(Self.link("a"))
            let first = try #require(try await store.cachedVersion(tenant: "storyteller", slug: "a"))
            time.advance(by: .seconds(61))
            let again = try #require(try await store.cachedVersion(tenant: "storyteller", slug: "a"))
            #expect(again.version == first.version, "read again, unchanged: what was planned from it still holds")
            // Changed behind the cache's back, as another instance would without a change feed.
            var changed = Self.link("a")
            changed.content.destination = "https://www.stories.example.com/changed"
            #expect(try await base.updateLink(changed))
            #expect(try await store.cachedVersion(tenant: "storyteller", slug: "a")?.version == first.version)
            time.advance(by: .seconds(61))
            let fresh = try #require(try await store.cachedVersion(tenant: "storyteller", slug: "a"))
            #expect(fresh.link.content.destination.hasSuffix("/changed"))
            #expect(fresh.version != first.version)
        }
    }

    @Test("with no lifetime (in front of a store that reports every change) an entry stays until it is dropped")
    func entriesWithoutLifetimeStay() async throws {
        let time = ManualClock()
        try await Self.withCache(lifetime: nil, time: time) { base, store, metrics in
            _ = try await base.insertLink(Self.link("a"))
            #expect(try await store.cachedLink(tenant: "storyteller", slug: "a")?.id == "id-a")
            #expect(try await base.deleteLink(tenant: "storyteller", slug: "a"))
            time.advance(by: .seconds(86_400 * 365))
            #expect(try await store.cachedLink(tenant: "storyteller", slug: "a")?.id == "id-a", "not read again")
            #expect(Self.metric("wayfinder_link_cache_misses_total", in: metrics) == 1)
            store.invalidateAll()
            #expect(try await store.cachedLink(tenant: "storyteller", slug: "a") == nil)
        }
    }

    @Test("/metrics shows link cache hits and misses of redirects")
    func metricsShowHitsAndMisses() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "https://www.stories.example.com/x", "slug": "cached"}"#))
            #expect(created.status == .created)
            for _ in 0..<3 {
                #expect(
                    try await client.execute(uri: "/cached", method: .get, headers: .visitor(Agents.desktop)).status
                        == .found)
            }
            for _ in 0..<2 {
                #expect(
                    try await client.execute(uri: "/unknown", method: .get, headers: .visitor(Agents.desktop)).status
                        == .notFound)
            }
            let metrics = try await service.server.metricsText()
            // Creating the link cached it; the unknown slug is read once, then cached as unknown.
            #expect(metrics.contains("wayfinder_link_cache_hits_total 4"))
            #expect(metrics.contains("wayfinder_link_cache_misses_total 1"))
        }
        await service.close()
    }
}
