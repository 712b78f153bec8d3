import LinkCore
import Synchronization

/// The open connections of each client address, for ``ConnectionLimits/connectionsPerAddress``.
/// An IPv6 client counts by its /64, as the rate limits count it (``RateLimitBucket``): one host
/// or subscriber holds a whole /64, and would otherwise open `limit` connections from each of its
/// addresses.
///
/// Only addresses that hold a connection have an entry, so the table is as large as the number
/// of open connections at most.
package final class ConnectionsPerAddress: Sendable {
    private let counts = Mutex<[String: Int]>([:])
    /// Connections allowed per address; `0` or less allows any number.
    package let limit: Int

    package init(limit: Int) {
        self.limit = limit
    }

    /// Counts a new connection from `address`; `false`, counting nothing, when the address
    /// already holds `limit` connections.
    package func open(_ address: String) -> Bool {
        let key = RateLimitBucket.key(for: address)
        return counts.withLock { counts in
            let count = counts[key, default: 0]
            if limit > 0, count >= limit { return false }
            counts[key] = count + 1
            return true
        }
    }

    /// Counts the end of a connection that ``open(_:)`` let in.
    package func close(_ address: String) {
        let key = RateLimitBucket.key(for: address)
        counts.withLock { counts in
            let count = counts[key, default: 1] - 1
            counts[key] = count > 0 ? count : nil
        }
    }

    /// Connections open now from `address` (from its /64, for IPv6).
    package func count(of address: String) -> Int {
        let key = RateLimitBucket.key(for: address)
        return counts.withLock { $0[key, default: 0] }
    }
}
