import Foundation

/// Runs an operation against a timeout and an outside "stop", and answers with whichever comes
/// first. The operation runs in its own task so that one that ignores cancellation cannot hold the
/// router: its late result is dropped.
final class Race<Value: Sendable>: @unchecked Sendable {
    enum Result: Sendable {
        case value(Value)
        case timedOut
        case superseded
    }

    // Guards `result`, `continuation` and `tasks`, written from the racing tasks and the router.
    private let lock = NSLock()
    private var result: Result?
    private var continuation: CheckedContinuation<Result, Never>?
    private var tasks: [Task<Void, Never>] = []

    /// Ends the race with `result` unless it already ended.
    func finish(_ outcome: Result) {
        lock.lock()
        guard result == nil else {
            lock.unlock()
            return
        }
        result = outcome
        let continuation = self.continuation
        self.continuation = nil
        let tasks = self.tasks
        lock.unlock()
        continuation?.resume(returning: outcome)
        for task in tasks { task.cancel() }
    }

    /// Runs `operation`, racing it against `timeout` on `clock`.
    func run(timeout: Duration?, clock: RouterClock, _ operation: @escaping @Sendable () async -> Value) async -> Result
    {
        let work = Task { [self] in finish(.value(await operation())) }
        var timer: Task<Void, Never>? = nil
        if let timeout {
            timer = Task { [self] in
                do {
                    try await clock.sleep(timeout)
                    finish(.timedOut)
                } catch {}
            }
        }
        return await withCheckedContinuation { continuation in
            lock.lock()
            tasks = [work] + (timer.map { [$0] } ?? [])
            if let result {
                lock.unlock()
                continuation.resume(returning: result)
                work.cancel()
                timer?.cancel()
            } else {
                self.continuation = continuation
                lock.unlock()
            }
        }
    }
}
