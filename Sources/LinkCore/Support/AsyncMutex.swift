import NIOCore

/// Lets one asynchronous critical section run at a time, in arrival order.
///
/// An actor alone does not do this: it is re-entrant at every `await`, and a database
/// transaction spans several.
package actor AsyncMutex {
    private var isLocked = false
    /// First come, first served: a ring buffer, so waking the next waiter is O(1) however many
    /// wait (an array's `removeFirst()` moves every other waiter).
    private var waiters = CircularBuffer<CheckedContinuation<Void, Never>>()

    /// How many tasks wait for the mutex (for tests).
    package var waiting: Int { waiters.count }

    /// An unlocked mutex.
    package init() {}

    private func lock() async {
        if !isLocked {
            isLocked = true
            return
        }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func unlock() {
        if let next = waiters.popFirst() {
            next.resume()
        } else {
            isLocked = false
        }
    }

    /// Runs `body` while holding the mutex.
    package nonisolated func withLock<T: Sendable>(_ body: @Sendable () async throws -> T) async throws -> T {
        await lock()
        do {
            let result = try await body()
            await unlock()
            return result
        } catch {
            await unlock()
            throw error
        }
    }
}
