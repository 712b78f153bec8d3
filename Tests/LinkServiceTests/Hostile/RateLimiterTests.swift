import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The rate limiter's memory is bounded whatever the number of keys, and its eviction cannot be
/// used to refill an attacker's bucket.
@Suite("Rate limiter")
struct RateLimiterTests {
    @Test("a million distinct keys leave at most the maximum number of buckets")
    func boundedUnderManyKeys() {
        let limiter = RateLimiter(RateLimit(requests: 5, per: .seconds(60)))
        let now = Date()
        for index in 0..<1_000_000 {
            #expect(limiter.acquire("198.51.\(index >> 8 & 0xFFFF).\(index & 0xFF)-\(index)", now: now) == nil)
        }
        #expect(limiter.bucketCount == RateLimiter.defaultMaximumBuckets)
    }

    @Test("a hot key stays limited while a flood of new keys goes by between its requests")
    func hotKeyIsNotResetByEviction() {
        let limiter = RateLimiter(RateLimit(requests: 3, per: .seconds(3600)), maximumBuckets: 1000)
        let now = Date()
        for _ in 0..<3 { #expect(limiter.acquire("attacker", now: now) == nil) }
        #expect(limiter.acquire("attacker", now: now) != nil)
        // 999 other keys between two of its requests: the attacker's bucket is never the least
        // recently used one, so it is never taken for a new key and never starts full again.
        for round in 0..<200 {
            for other in 0..<999 { _ = limiter.acquire("flood-\(round)-\(other)", now: now) }
            #expect(limiter.acquire("attacker", now: now) != nil, "round \(round)")
        }
        #expect(limiter.bucketCount == 1000)
    }

    @Test("past the bound the least recently used bucket is the one reused")
    func evictsLeastRecentlyUsed() {
        let limiter = RateLimiter(RateLimit(requests: 1, per: .seconds(3600)), maximumBuckets: 3)
        let now = Date()
        for key in ["a", "b", "c"] { #expect(limiter.acquire(key, now: now) == nil) }
        #expect(limiter.acquire("a", now: now) != nil)  // a is now the most recently used
        #expect(limiter.acquire("d", now: now) == nil)  // takes b's slot, the oldest
        #expect(limiter.bucketCount == 3)
        #expect(limiter.acquire("b", now: now) == nil)  // b was forgotten (and takes c's slot)
        #expect(limiter.acquire("a", now: now) != nil)  // a, used recently, was kept
        #expect(limiter.bucketCount == 3)
    }

    @Test("tokens come back with time, and Retry-After says when")
    func refills() {
        let limiter = RateLimiter(RateLimit(requests: 2, per: .seconds(60)))
        let start = Date()
        #expect(limiter.acquire("k", now: start) == nil)
        #expect(limiter.acquire("k", now: start) == nil)
        #expect(limiter.acquire("k", now: start) == 30)
        #expect(limiter.acquire("k", now: start.addingTimeInterval(31)) == nil)
    }

    @Test("a limit of 0 requests lets everything through and keeps no bucket")
    func unlimited() {
        let limiter = RateLimiter(RateLimit(requests: 0, per: .seconds(60)))
        for _ in 0..<10_000 { #expect(limiter.acquire("k") == nil) }
        #expect(limiter.bucketCount == 0)
    }
}
