import Foundation
import LinkCore
import LinkDelivery

/// The threads ``PasswordChecks`` runs scrypt on: a fixed number of threads of their own,
/// started at the first check, at background priority (nice 10, ``niceness``): on a busy
/// machine the event loops and the cooperative threads that answer requests get the cores first, and the checks the rest. They end once the workers are no longer
/// referenced and no job is left.
package final class PasswordWorkers: Sendable {
    private let queue = JobQueue()
    /// How many threads run jobs.
    package let count: Int
    /// Added to the workers' nice value: a defence, not a tuning. Wrong passwords are what an
    /// attacker sends, so their checks yield the cores to the threads that answer requests on any
    /// machine (`WAYFINDER_BACKGROUND_NICENESS` tunes the delivery workers, not these).
    package static let niceness: Int32 = 10

    package init(count: Int) {
        self.count = max(1, count)
    }

    deinit { queue.stop() }

    /// Runs `job` on the first worker that is free, in the order given.
    package func run(_ job: @escaping @Sendable () -> Void) {
        if queue.append(job) {
            for index in 0..<count {
                let thread = Thread { [queue] in
                    BackgroundEventLoopGroup.lowerCurrentThreadPriority(by: Self.niceness)
                    while let next = queue.next() { next() }
                }
                thread.name = "wayfinder-passwords-\(index)"
                thread.start()
            }
        }
    }

    /// The jobs waiting for a worker; the threads hold it, so it outlives ``PasswordWorkers``
    /// until they have ended.
    private final class JobQueue: @unchecked Sendable {
        // Every stored property is read and written only under `condition`'s lock.
        private let condition = NSCondition()
        private var jobs: [@Sendable () -> Void] = []
        private var started = false
        private var stopped = false

        /// Queues `job`; `true` when it is the first, and the threads are to be started.
        func append(_ job: @escaping @Sendable () -> Void) -> Bool {
            condition.lock()
            defer { condition.unlock() }
            jobs.append(job)
            condition.signal()
            guard !started else { return false }
            started = true
            return true
        }

        /// The next job, waiting for one; `nil` once stopped with none left.
        func next() -> (@Sendable () -> Void)? {
            condition.lock()
            defer { condition.unlock() }
            while jobs.isEmpty && !stopped { condition.wait() }
            return jobs.isEmpty ? nil : jobs.removeFirst()
        }

        func stop() {
            condition.lock()
            stopped = true
            condition.broadcast()
            condition.unlock()
        }
    }
}
