import LinkCore
import LinkDelivery
import NIOCore
import Synchronization

/// Where visitors' passwords are checked: a few threads of their own at background priority
/// (``PasswordWorkers``) and a bounded queue, never the event loops or the cooperative threads.
/// One scrypt check takes tens of milliseconds of a core; on a request thread a burst of them
/// held back every other request (`/healthz` took seconds). Past the queue's bound a check is
/// refused at once (``Busy``), and the visitor is asked to try again.
package final class PasswordChecks: Sendable {
    /// The checks may not start now: every worker is busy and the queue is full.
    package struct Busy: Error, Sendable {
        /// Seconds after which a retry has room.
        package var retryAfter: Int { 1 }
    }

    private let workers: PasswordWorkers
    private let state = Mutex(0)
    /// Checks running or waiting at most.
    package let capacity: Int

    /// `workers` threads (by default half the cores, at least one) and room for `waiting` checks
    /// queued behind them.
    package init(workers: Int = PasswordChecks.defaultWorkers, waiting: Int = 32) {
        self.workers = PasswordWorkers(count: workers)
        self.capacity = self.workers.count + max(0, waiting)
    }

    /// Half the machine's cores, at least one: the redirects keep the rest.
    package static var defaultWorkers: Int { max(1, System.coreCount / 2) }

    /// Checks now running or queued.
    package var admitted: Int { state.withLock { $0 } }

    /// Whether `password` is the one `stored` was made from (``PasswordHash/verify(_:against:)``),
    /// on a worker thread; throws ``Busy`` without queueing when the queue is full.
    package func verify(_ password: String, against stored: String) async throws(Busy) -> Bool {
        try await run { PasswordHash.verify(password, against: stored) }
    }

    /// `work` (a hash or a check) on a worker thread, once one is free; throws ``Busy`` without
    /// queueing when the queue is full.
    package func run<Value: Sendable>(_ work: @escaping @Sendable () -> Value) async throws(Busy) -> Value {
        let admitted = state.withLock { admitted in
            guard admitted < capacity else { return false }
            admitted += 1
            return true
        }
        guard admitted else { throw Busy() }
        return await withCheckedContinuation { continuation in
            workers.run {
                let value = work()
                self.state.withLock { $0 -= 1 }
                continuation.resume(returning: value)
            }
        }
    }
}
