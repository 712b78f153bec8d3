import Synchronization

/// Token buckets keyed by client address or API key: `limit.requests` per `limit.period`,
/// refilled continuously.
final class RateLimiter: Sendable {
    private struct Bucket {
        var tokens: Double
        var updated: ContinuousClock.Instant
    }

    private let buckets = Mutex<[String: Bucket]>([:])
    private let capacity: Double
    private let refillPerSecond: Double
    /// Buckets kept at most; full ones are forgotten first.
    private static let maximumBuckets = 100_000

    init(_ limit: RateLimit) {
        capacity = Double(max(1, limit.requests))
        let seconds = Double(limit.period.components.seconds) + Double(limit.period.components.attoseconds) / 1e18
        refillPerSecond = capacity / max(seconds, 0.001)
    }

    /// Takes one token for `key`; `nil` when allowed, otherwise the whole seconds to wait.
    func acquire(_ key: String) -> Int? {
        let now = ContinuousClock.now
        return buckets.withLock { buckets -> Int? in
            var bucket = buckets[key] ?? Bucket(tokens: capacity, updated: now)
            let elapsed = now - bucket.updated
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            bucket.tokens = min(capacity, bucket.tokens + seconds * refillPerSecond)
            bucket.updated = now
            defer {
                if buckets.count >= Self.maximumBuckets {
                    buckets = buckets.filter { $0.value.tokens < capacity }
                }
                buckets[key] = bucket
            }
            if bucket.tokens >= 1 {
                bucket.tokens -= 1
                return nil
            }
            return max(1, Int(((1 - bucket.tokens) / refillPerSecond).rounded(.up)))
        }
    }
}
