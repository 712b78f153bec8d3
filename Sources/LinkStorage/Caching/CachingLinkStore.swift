import Foundation
import LinkCore
import Prometheus
import Synchronization

/// A ``LinkStore`` that keeps the links redirects read in a bounded in-memory cache, so that a
/// popular link costs no database read. It is about links only: every other concern goes to the
/// store it wraps unchanged (see ``StoreWrapper``).
///
/// Only ``cachedLink(tenant:slug:)`` reads through the cache: ``link(tenant:slug:)`` (what the
/// links API answers with) always asks the store, as before the cache existed.
///
/// Unknown slugs are cached too (as `nil`), so a burst of requests for a missing slug reaches the
/// store once. Entries live ``LinkServiceConfiguration/linkCacheLifetime`` at most, or, in front
/// of a store whose change feed reports every change (``LinkChangeFeed/reportsEveryChange``:
/// SQLite's), until a change drops them. Writes made through this wrapper replace or drop their
/// entry at once; writes made by other instances or processes reach it through
/// ``invalidate(tenant:slug:)`` and ``invalidateAll()`` (see ``LinkChangeFollower``).
/// While the store cannot be reached, a link it read before is still answered, however old.
///
/// At most ``LinkServiceConfiguration/linkCacheCapacity`` entries are kept, in two generations of
/// half that size: new entries go to the young one, a hit in the old one moves the entry to the
/// young one, and when the young one is full the old one is dropped whole. Links read often stay
/// cached; memory stays bounded without tracking recency on every read. Hits and misses are
/// counted in `/metrics` (`wayfinder_link_cache_hits_total`, `wayfinder_link_cache_misses_total`).
///
/// Entries age by the `Clock` it is given (the server gives `ContinuousClock`; a test, a clock it
/// moves by hand).
package final class CachingLinkStore: StoreWrapper {
    /// The store behind the cache.
    package let base: any LinkStore
    private let state: Mutex<State>
    /// `nil`: entries stay until dropped.
    private let lifetime: Duration?
    /// How long the clock has run since the cache was made: the one thing the cache asks of its
    /// clock, kept as a function so that the class, which every handler names, is not generic.
    private let elapsed: @Sendable () -> Duration
    private let hits: Counter
    private let misses: Counter
    private let entries: Gauge

    private struct Key: Hashable {
        var tenant: String
        var slug: String
    }

    private struct Entry {
        var link: Link?
        /// This version of the link: a read that finds it changed gets another stamp (one that
        /// finds it unchanged keeps this one).
        var version = VersionStamp()
        /// When the entry goes stale, as ``CachingLinkStore/elapsed`` counts; `nil` for never.
        var expires: Duration?

        func isFresh(at now: Duration) -> Bool { expires.map { $0 > now } ?? true }

        var cachedLink: CachedLink? { link.map { CachedLink(link: $0, version: version) } }
    }

    private struct State {
        var entries: GenerationalCache<Key, Entry>
        /// Counts drops and writes' inserts: a read that began before either may hold an older
        /// answer, so its result is not cached.
        var drops: UInt64 = 0

        mutating func entry(_ key: Key) -> Entry? { entries.value(for: key) }

        mutating func insert(_ entry: Entry, _ key: Key) { entries.insert(entry, for: key) }

        mutating func remove(_ key: Key) {
            drops &+= 1
            entries.remove(key)
        }

        var count: Int { entries.count }
    }

    /// A cache of at most `capacity` entries in front of `base`, each fresh for `lifetime` as
    /// `clock` measures it; with no lifetime, until it is dropped (only in front of a store whose
    /// changes are followed, see ``LinkChangeFeed/reportsEveryChange``).
    package init<C: Clock>(
        base: any LinkStore, lifetime: Duration?, capacity: Int, registry: PrometheusCollectorRegistry, clock: C
    ) where C.Duration == Duration {
        self.base = base
        self.lifetime = lifetime
        let origin = clock.now
        elapsed = { origin.duration(to: clock.now) }
        state = Mutex(State(entries: GenerationalCache(capacity: capacity)))
        hits = registry.makeCounter(
            descriptor: .wayfinder(
                "link_cache_hits", unit: "total", help: "Link reads for redirects answered from the cache"))
        misses = registry.makeCounter(
            descriptor: .wayfinder(
                "link_cache_misses", unit: "total", help: "Link reads for redirects that went to the database"))
        entries = registry.makeGauge(
            descriptor: .wayfinder("link_cache_entries", help: "Links and unknown slugs in the link cache"))
    }

    // MARK: Cached reads

    /// The tenant's link with this slug, from the cache when it is fresh; while the store cannot
    /// answer, the last known answer if there is one.
    package func cachedLink(tenant: String, slug: String) async throws -> Link? {
        try await cachedVersion(tenant: tenant, slug: slug)?.link
    }

    /// ``cachedLink(tenant:slug:)`` with the stamp of the version the cache holds: what is worked
    /// out from the link (its answer per kind of visitor) can be kept under the stamp. The stamp
    /// changes whenever the cache reads the link again and finds it changed, so a change made here
    /// or on another instance gets a new stamp as soon as the cache has it.
    package func cachedVersion(tenant: String, slug: String) async throws -> CachedLink? {
        let key = Key(tenant: tenant, slug: slug)
        let now = elapsed()
        let (cached, generation) = state.withLock { state -> (Entry?, UInt64) in (state.entry(key), state.drops) }
        if let cached, cached.isFresh(at: now) {
            hits.increment()
            return cached.cachedLink
        }
        misses.increment()
        let link: Link?
        do {
            link = try await base.link(tenant: tenant, slug: slug)
        } catch {
            let lastKnown = state.withLock { state in state.entries.peek(key) }
            if let lastKnown { return lastKnown.cachedLink }
            throw error
        }
        var entry = Entry(link: link, expires: lifetime.map { elapsed() + $0 })
        // Read again after its lifetime and unchanged: the same version, so that what was worked
        // out from it (its visit plans) is still found. Every in-use link is read again each
        // lifetime, and a new stamp for each read made every visitor's answer be planned again.
        if let cached, cached.link == link { entry.version = cached.version }
        let count = state.withLock { state -> Int in
            // A drop since the read began may have been about this link: cache nothing then.
            if state.drops == generation { state.insert(entry, key) }
            return state.count
        }
        entries.set(Double(count))
        return entry.cachedLink
    }

    /// Drops the cached answer for one slug: another instance changed it.
    package func invalidate(tenant: String, slug: String) {
        state.withLock { $0.remove(Key(tenant: tenant, slug: slug)) }
    }

    /// Drops every cached answer: changes may have been missed.
    package func invalidateAll() {
        state.withLock { state in
            state.drops &+= 1
            state.entries.removeAll()
        }
        entries.set(Double(0))
    }

    private func cache(_ link: Link) {
        let entry = Entry(link: link, expires: lifetime.map { elapsed() + $0 })
        state.withLock { state in
            // Counts as a drop too: a read that began before the insert must not cache "unknown".
            state.drops &+= 1
            state.insert(entry, Key(tenant: link.tenant, slug: link.slug))
        }
    }

    /// Entries cached now (links and unknown slugs).
    package var count: Int { state.withLock { $0.count } }

    // MARK: Writes, which keep the cache right

    package func insertLink(_ link: Link) async throws -> LinkInsertion {
        let insertion = try await base.insertLink(link)
        if case .inserted(let inserted) = insertion { cache(inserted) }
        return insertion
    }

    package func insertLinks(_ links: [Link]) async throws -> [LinkInsertion] {
        let insertions = try await base.insertLinks(links)
        for insertion in insertions {
            if case .inserted(let inserted) = insertion { invalidate(tenant: inserted.tenant, slug: inserted.slug) }
        }
        return insertions
    }

    package func updateLink(_ link: Link) async throws -> Bool {
        defer { invalidate(tenant: link.tenant, slug: link.slug) }
        return try await base.updateLink(link)
    }

    package func deleteLink(tenant: String, slug: String, at date: Date) async throws -> Bool {
        defer { invalidate(tenant: tenant, slug: slug) }
        return try await base.deleteLink(tenant: tenant, slug: slug, at: date)
    }

    /// Moves the links and drops every cached one (which links moved is not known here), so the
    /// cache never holds a link on its old domain: with SQLite, cached links have no lifetime.
    package func moveLinks(tenant: String, from domain: String, to newDomain: String) async throws -> Int {
        defer { invalidateAll() }
        return try await base.moveLinks(tenant: tenant, from: domain, to: newDomain)
    }

    // MARK: Reads that go to the store

    package func link(tenant: String, slug: String) async throws -> Link? {
        try await base.link(tenant: tenant, slug: slug)
    }

    package func links(tenant: String, slugs: [String]) async throws -> [String: Link] {
        try await base.links(tenant: tenant, slugs: slugs)
    }

    package func links(tenant: String, tagged tag: String?, after cursor: String?, limit: Int) async throws -> LinkPage
    {
        try await base.links(tenant: tenant, tagged: tag, after: cursor, limit: limit)
    }

    package func searchLinks(
        tenant: String, matching text: String, tagged tag: String?, before cursor: String?, limit: Int
    )
        async throws -> LinkPage
    {
        try await base.searchLinks(tenant: tenant, matching: text, tagged: tag, before: cursor, limit: limit)
    }
}
