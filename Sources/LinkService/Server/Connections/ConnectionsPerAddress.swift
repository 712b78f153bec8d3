import LinkCore
import Synchronization

/// The open connections of each client address, for ``ConnectionLimits/connectionsPerAddress``.
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
        counts.withLock { counts in
            let count = counts[address, default: 0]
            if limit > 0, count >= limit { return false }
            counts[address] = count + 1
            return true
        }
    }

    /// Counts the end of a connection that ``open(_:)`` let in.
    package func close(_ address: String) {
        counts.withLock { counts in
            let count = counts[address, default: 1] - 1
            counts[address] = count > 0 ? count : nil
        }
    }

    /// Connections open now from `address`.
    package func count(of address: String) -> Int {
        counts.withLock { $0[address, default: 0] }
    }
}
