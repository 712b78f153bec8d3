import Synchronization

/// At most `limit` holders at a time; the others wait in order of arrival.
///
/// Tests that each need a share of something small — the test PostgreSQL server on two cores —
/// take a permit first, so that a hundred of them starting together take turns instead of all
/// timing out together.
public final class AsyncSemaphore: Sendable {
    private struct State {
        var free: Int
        var waiters: [CheckedContinuation<Void, Never>] = []
    }

    private let state: Mutex<State>

    /// A semaphore with `limit` permits.
    public init(limit: Int) {
        precondition(limit > 0, "a semaphore needs at least one permit")
        state = Mutex(State(free: limit))
    }

    /// Takes a permit, waiting for one when none is free. Hand it back with ``release()``.
    public func acquire() async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state in
                guard state.free > 0 else {
                    state.waiters.append(continuation)
                    return false
                }
                state.free -= 1
                return true
            }
            if granted { continuation.resume() }
        }
    }

    /// Hands a permit back: to the longest waiter, or to the pool.
    public func release() {
        let next = state.withLock { state -> CheckedContinuation<Void, Never>? in
            guard !state.waiters.isEmpty else {
                state.free += 1
                return nil
            }
            return state.waiters.removeFirst()
        }
        next?.resume()
    }
}
