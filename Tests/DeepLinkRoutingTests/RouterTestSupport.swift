import DeepLinkRouting
import Foundation

/// A one-shot signal: `wait()` returns once `open()` was called, whenever that happens.
actor Gate {
    private var isOpen = false
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func open() {
        isOpen = true
        for waiter in waiters { waiter.resume() }
        waiters = []
    }

    func wait() async {
        if isOpen { return }
        await withCheckedContinuation { waiters.append($0) }
    }
}

/// Records what handlers and barriers saw, in order.
actor Recorder {
    private(set) var events: [String] = []

    func record(_ event: String) {
        events.append(event)
    }
}

/// A clock the test drives: time moves only with `advance(by:)`, and timeouts fire only after
/// `fireTimeouts()` (at once for timers started later).
final class ManualClock: @unchecked Sendable {
    // Guards every property below; touched from the router's tasks and the test.
    private let lock = NSLock()
    private var current: Duration = .zero
    private var fired = false
    private var sleepers: [Int: CheckedContinuation<Void, any Error>] = [:]
    private var nextID = 0

    var routerClock: RouterClock {
        RouterClock(now: { [self] in lock.withLock { current } }, sleep: { [self] _ in try await sleep() })
    }

    func advance(by duration: Duration) {
        lock.withLock { current += duration }
    }

    func fireTimeouts() {
        let waiting = lock.withLock {
            fired = true
            defer { sleepers = [:] }
            return Array(sleepers.values)
        }
        for sleeper in waiting { sleeper.resume() }
    }

    private func sleep() async throws {
        let id = lock.withLock {
            nextID += 1
            return nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                enum Now { case wait, fire, cancel }
                let now: Now = lock.withLock {
                    if fired { return .fire }
                    if Task.isCancelled { return .cancel }
                    sleepers[id] = continuation
                    return .wait
                }
                switch now {
                case .wait: break
                case .fire: continuation.resume()
                case .cancel: continuation.resume(throwing: CancellationError())
                }
            }
        } onCancel: {
            let sleeper = lock.withLock { sleepers.removeValue(forKey: id) }
            sleeper?.resume(throwing: CancellationError())
        }
    }
}
