import Dispatch
import NIOCore
import Synchronization

/// Where visitors' passwords are checked: a few threads of their own and a bounded queue, never
/// the event loops. One scrypt check takes tens of milliseconds of a core; on a request thread a
/// burst of them held back every other request (`/healthz` took seconds). Past the queue's bound
/// a check is refused at once (``Busy``), and the visitor is asked to try again.
final class PasswordChecks: Sendable {
    /// The checks may not start now: every worker is busy and the queue is full.
    struct Busy: Error, Sendable {
        /// Seconds after which a retry has room.
        var retryAfter: Int { 1 }
    }

    /// Serial queues, one per worker: at most one check runs on each at a time.
    private let workers: [DispatchQueue]
    private let state = Mutex<(admitted: Int, next: Int)>((0, 0))
    /// Checks running or waiting at most.
    let capacity: Int

    /// `workers` threads (by default half the cores, at least one) and room for `waiting` checks
    /// queued behind them.
    init(workers: Int = PasswordChecks.defaultWorkers, waiting: Int = 32) {
        let count = max(1, workers)
        self.workers = (0..<count).map { DispatchQueue(label: "wayfinder.passwords.\($0)", qos: .utility) }
        self.capacity = count + max(0, waiting)
    }

    /// Half the machine's cores, at least one: the redirects keep the rest.
    static var defaultWorkers: Int { max(1, System.coreCount / 2) }

    /// Checks now running or queued.
    var admitted: Int { state.withLock { $0.admitted } }

    /// Whether `password` is the one `stored` was made from (``PasswordHash/verify(_:against:)``),
    /// on a worker thread; throws ``Busy`` without queueing when the queue is full.
    func verify(_ password: String, against stored: String) async throws(Busy) -> Bool {
        let worker: DispatchQueue? = state.withLock { state in
            guard state.admitted < capacity else { return nil }
            state.admitted += 1
            state.next = (state.next + 1) % workers.count
            return workers[state.next]
        }
        guard let worker else { throw Busy() }
        return await withCheckedContinuation { continuation in
            worker.async {
                let matches = PasswordHash.verify(password, against: stored)
                self.state.withLock { $0.admitted -= 1 }
                continuation.resume(returning: matches)
            }
        }
    }
}
