import Synchronization

/// A ``GenerationalCache`` that tasks share for what they work out once and read often (the
/// rendered pages, the answers of links): a value is looked up under a lock and, when missing,
/// made outside it and kept.
package final class SharedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    private let state: Mutex<GenerationalCache<Key, Value>>

    /// A cache of at most `capacity` values.
    package init(capacity: Int) {
        state = Mutex(GenerationalCache(capacity: capacity))
    }

    /// The value kept for `key`, or the one `make` makes (then kept). Made outside the lock: two
    /// callers that miss at once both make it, which must give the same value.
    package func value(for key: Key, make: () -> Value) -> Value {
        if let value = value(for: key) { return value }
        let value = make()
        keep(value, for: key)
        return value
    }

    /// The value kept for `key`, if there is one.
    package func value(for key: Key) -> Value? {
        state.withLock { $0.value(for: key) }
    }

    /// Keeps `value` for `key`, in place of any other.
    package func keep(_ value: Value, for key: Key) {
        state.withLock { $0.insert(value, for: key) }
    }

    /// How many values are kept.
    package var count: Int { state.withLock { $0.count } }
}
