import Foundation
import LinkCore
import Synchronization

/// Token buckets keyed by client address or API key: `limit.requests` per `limit.period`,
/// refilled continuously by the server's clock (`ServiceClock`); a limit of `0` requests lets
/// everything through.
///
/// Memory is strictly bounded: at most `maximumBuckets` buckets, in a fixed table ordered by last
/// use. A new key past the bound takes the slot of the least recently used bucket, in O(1), never
/// by scanning or copying the table. A bucket that is being hit stays at the recently-used end, so
/// an attacker can push it out only by sending `maximumBuckets` requests from other keys between
/// two of its own; each of those keys has a fresh bucket anyway, so eviction never gives more
/// requests than the distinct keys already do. The trade-off: a key idle while `maximumBuckets`
/// others arrived starts again with a full bucket.
package final class RateLimiter: Sendable {
    private let table: Mutex<BucketTable>
    private let capacity: Double
    private let refillPerSecond: Double
    private let clock: ServiceClock
    /// Whether every request is allowed (a limit of `0` requests).
    package let isUnlimited: Bool

    /// Buckets kept at most by default: about 10 MB with address-sized keys.
    package static let defaultMaximumBuckets = 100_000

    package init(
        _ limit: RateLimit, maximumBuckets: Int = RateLimiter.defaultMaximumBuckets, clock: ServiceClock = .system
    ) {
        isUnlimited = limit.requests <= 0
        capacity = Double(max(1, limit.requests))
        refillPerSecond = capacity / max(limit.period.timeInterval, 0.001)
        table = Mutex(BucketTable(maximumCount: max(1, maximumBuckets)))
        self.clock = clock
    }

    /// Takes one token for `key`; `nil` when allowed, otherwise the whole seconds to wait.
    package func acquire(_ key: String) -> Int? {
        isUnlimited ? nil : acquire(key, now: clock.now())
    }

    /// Takes one token for `key` at the time `now`.
    package func acquire(_ key: String, now: Date) -> Int? {
        if isUnlimited { return nil }
        return table.withLock { table -> Int? in
            let slot = table.slot(for: key, fresh: Bucket(tokens: capacity, updated: now))
            var bucket = refilled(table.buckets[slot], at: now)
            defer { table.buckets[slot] = bucket }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            return secondsUntilToken(bucket)
        }
    }

    /// The whole seconds `key` would have to wait for a token, without taking one; `nil` when it
    /// has one. For budgets spent only by failures (wrong passwords), checked before each try.
    package func wait(_ key: String) -> Int? {
        if isUnlimited { return nil }
        let now = clock.now()
        return table.withLock { table -> Int? in
            let slot = table.slot(for: key, fresh: Bucket(tokens: capacity, updated: now))
            let bucket = refilled(table.buckets[slot], at: now)
            return bucket.tokens >= 1 ? nil : secondsUntilToken(bucket)
        }
    }

    /// `bucket` with the tokens earned since it was last updated, up to the capacity.
    private func refilled(_ bucket: Bucket, at now: Date) -> Bucket {
        // `max`: a system clock set back refills nothing rather than taking tokens away.
        let earned = max(0, now.timeIntervalSince(bucket.updated)) * refillPerSecond
        return Bucket(tokens: min(capacity, bucket.tokens + earned), updated: now)
    }

    /// The whole seconds (at least 1) until `bucket`, short of a token, has one.
    private func secondsUntilToken(_ bucket: Bucket) -> Int {
        max(1, Int(((1 - bucket.tokens) / refillPerSecond).rounded(.up)))
    }

    /// Buckets held now (at most the maximum).
    package var bucketCount: Int { table.withLock { $0.index.count } }
}

private struct Bucket {
    var tokens: Double
    var updated: Date
}

/// A fixed-size table of buckets in a doubly linked list by last use (slot indices, no
/// allocation per request once full): the head is the most recently used, the tail the next to
/// be reused.
private struct BucketTable {
    let maximumCount: Int
    var index: [String: Int] = [:]
    var keys: [String] = []
    var buckets: [Bucket] = []
    var previous: [Int] = []
    var next: [Int] = []
    var head = -1
    var tail = -1

    init(maximumCount: Int) {
        self.maximumCount = maximumCount
    }

    /// The slot of `key`'s bucket, now the most recently used; a new key gets `fresh`, in a new
    /// slot while there is room, else in the least recently used one.
    mutating func slot(for key: String, fresh: Bucket) -> Int {
        if let slot = index[key] {
            moveToHead(slot)
            return slot
        }
        let slot: Int
        if keys.count < maximumCount {
            slot = keys.count
            keys.append(key)
            buckets.append(fresh)
            previous.append(-1)
            next.append(-1)
        } else {
            slot = tail
            unlink(slot)
            index[keys[slot]] = nil
            keys[slot] = key
            buckets[slot] = fresh
        }
        index[key] = slot
        linkAtHead(slot)
        return slot
    }

    private mutating func moveToHead(_ slot: Int) {
        guard slot != head else { return }
        unlink(slot)
        linkAtHead(slot)
    }

    private mutating func unlink(_ slot: Int) {
        let before = previous[slot]
        let after = next[slot]
        if before >= 0 { next[before] = after } else { head = after }
        if after >= 0 { previous[after] = before } else { tail = before }
        previous[slot] = -1
        next[slot] = -1
    }

    private mutating func linkAtHead(_ slot: Int) {
        previous[slot] = -1
        next[slot] = head
        if head >= 0 { previous[head] = slot }
        head = slot
        if tail < 0 { tail = slot }
    }
}
