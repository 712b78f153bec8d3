/// A bounded map that keeps what is read often without tracking recency on every read: two
/// generations of at most half the capacity each. New entries go to the young generation, a hit in
/// the old one moves the entry to the young one, and when the young one is full the old one is
/// dropped whole and the young one becomes old.
///
/// A value type for use inside a lock (the link cache, the rendered pages).
package struct GenerationalCache<Key: Hashable, Value> {
    private var young: [Key: Value] = [:]
    private var old: [Key: Value] = [:]
    private let generationSize: Int

    /// A cache of at most `capacity` entries (at least 2).
    package init(capacity: Int) {
        generationSize = max(1, capacity / 2)
    }

    /// The value for `key`, moved to the young generation when it was in the old one.
    package mutating func value(for key: Key) -> Value? {
        if let value = young[key] { return value }
        guard let value = old.removeValue(forKey: key) else { return nil }
        insert(value, for: key)
        return value
    }

    /// The value for `key`, wherever it is, without moving it.
    package func peek(_ key: Key) -> Value? {
        young[key] ?? old[key]
    }

    package mutating func insert(_ value: Value, for key: Key) {
        if young.count >= generationSize, young[key] == nil {
            old = young
            young = Dictionary(minimumCapacity: generationSize)
        }
        young[key] = value
    }

    package mutating func remove(_ key: Key) {
        young.removeValue(forKey: key)
        old.removeValue(forKey: key)
    }

    package mutating func removeAll() {
        young.removeAll()
        old.removeAll()
    }

    package var count: Int { young.count + old.count }
}

extension GenerationalCache: Sendable where Key: Sendable, Value: Sendable {}
