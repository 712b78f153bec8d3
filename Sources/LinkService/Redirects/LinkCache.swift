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
    /// Counts drops: a read that began before a drop may hold what was dropped, so its result is
    /// not cached (see ``generation`` and ``store(_:tenant:slug:readAt:)``).
    private let drops = Mutex<UInt64>(0)
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
        drops.withLock { $0 &+= 1 }
        _ = entries.withLock { $0.removeValue(forKey: Key(tenant: tenant, slug: slug)) }
    }

    /// Take it before reading the store; pass it to ``store(_:tenant:slug:readAt:)``.
    var generation: UInt64 { drops.withLock { $0 } }

    /// Caches what the store answered, unless an entry was dropped since `generation` was taken
    /// (the read may have raced a change another instance announced).
    func store(_ link: Link?, tenant: String, slug: String, readAt generation: UInt64) {
        drops.withLock { drops in
            guard drops == generation else { return }
            store(link, tenant: tenant, slug: slug)
        }
    }

    /// Drops every entry: changes may have been missed.
    func removeAll() {
        drops.withLock { $0 &+= 1 }
        entries.withLock { $0.removeAll() }
    }

    /// The cached answer even when it is too old: better than none while the store cannot be
    /// reached (nobody can change links then either).
    func lastKnown(tenant: String, slug: String) -> Link?? {
        entries.withLock { entries -> Link?? in
            guard let entry = entries[Key(tenant: tenant, slug: slug)] else { return nil }
            return .some(entry.link)
        }
    }
}
