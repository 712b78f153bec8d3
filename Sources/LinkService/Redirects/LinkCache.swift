import Synchronization

/// Links read for redirects, kept in memory so that a popular link costs no database read.
///
/// Unknown slugs are cached too (as `nil`), so a burst of requests for a missing slug reaches the
/// store once. Entries live ``LinkServiceConfiguration/linkCacheLifetime`` at most; this
/// instance's own API writes replace or drop them at once.
final class LinkCache: Sendable {
    private struct Key: Hashable {
        var tenant: String
        var slug: String
    }

    private struct Entry {
        var link: Link?
        var expires: ContinuousClock.Instant
    }

    private let entries = Mutex<[Key: Entry]>([:])
    private let lifetime: Duration
    private let capacity: Int

    init(lifetime: Duration, capacity: Int) {
        self.lifetime = lifetime
        self.capacity = max(1, capacity)
    }

    /// `.some(link or nil)` when cached and fresh, `nil` when the store must be asked.
    func lookup(tenant: String, slug: String) -> Link?? {
        let now = ContinuousClock.now
        return entries.withLock { entries -> Link?? in
            guard let entry = entries[Key(tenant: tenant, slug: slug)], entry.expires > now else { return nil }
            return .some(entry.link)
        }
    }

    func store(_ link: Link?, tenant: String, slug: String) {
        let expires = ContinuousClock.now + lifetime
        entries.withLock { entries in
            if entries.count >= capacity {
                // Crude but bounded: start over rather than track recency on the hot path.
                entries.removeAll(keepingCapacity: true)
            }
            entries[Key(tenant: tenant, slug: slug)] = Entry(link: link, expires: expires)
        }
    }

    func remove(tenant: String, slug: String) {
        _ = entries.withLock { $0.removeValue(forKey: Key(tenant: tenant, slug: slug)) }
    }
}
