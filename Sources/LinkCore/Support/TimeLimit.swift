import Synchronization

/// Runs work with a time limit and answers at the limit, without waiting for work that cannot be
/// cancelled.
///
/// A query sent to a server that vanished without closing the connection may never be answered,
/// and PostgresNIO cannot cancel a query in flight: a task group would wait for it as long as it
/// hangs. Here the caller gets `timeoutError` at the limit while the work is cancelled and left
/// to end on its own.
package enum TimeLimit {
    /// Whether the limit covers all of the work or only its start.
    package enum Scope: Sendable {
        /// The caller gets an answer by the limit, whatever the work is doing.
        case whole
        /// The limit ends when the work calls `started` (a connection is leased): from then on the
        /// work is waited for, so that a write whose outcome matters (a batch of clicks that may
        /// be committed) is never reported as failed while it can still succeed. `started` throws
        /// `CancellationError` when the limit has passed already: work that starts too late must
        /// not run, since its caller was told it failed (and may do it again).
        case untilStarted
    }

    package static func run<T: Sendable>(
        _ limit: Duration, scope: Scope = .whole, timeoutError: @escaping @Sendable () -> any Error,
        _ work: @escaping @Sendable (_ started: @escaping @Sendable () throws -> Void) async throws -> T
    ) async throws -> T {
        let race = Race<T>()
        return try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                race.begin(continuation)
                let worker = Task {
                    do {
                        let value = try await work {
                            guard race.markStarted() else { throw CancellationError() }
                        }
                        race.finish(.success(value))
                    } catch {
                        race.finish(.failure(error))
                    }
                }
                let timer = Task {
                    try? await Task.sleep(for: limit)
                    guard !Task.isCancelled else { return }
                    if race.timeOut(scope: scope, error: timeoutError()) { worker.cancel() }
                }
                race.track(worker: worker, timer: timer)
            }
        } onCancel: {
            race.finish(.failure(CancellationError()))
        }
    }
}

/// The state both tasks of ``TimeLimit/run(_:scope:timeoutError:_:)`` share: whoever finishes
/// first resumes the caller, exactly once.
private final class Race<T: Sendable>: Sendable {
    private struct State {
        var continuation: CheckedContinuation<T, any Error>?
        var started = false
        var worker: Task<Void, Never>?
        var timer: Task<Void, Never>?
        var finished = false
    }

    private let state = Mutex(State())

    func begin(_ continuation: CheckedContinuation<T, any Error>) {
        state.withLock { $0.continuation = continuation }
    }

    func track(worker: Task<Void, Never>, timer: Task<Void, Never>) {
        let finished = state.withLock { state in
            state.worker = worker
            state.timer = timer
            return state.finished
        }
        if finished { timer.cancel() }
    }

    /// Marks the work started; `false` when the caller has had its answer already.
    func markStarted() -> Bool {
        state.withLock { state in
            guard state.continuation != nil else { return false }
            state.started = true
            return true
        }
    }

    /// Resumes the caller with `result` unless it was resumed already; stops the timer.
    func finish(_ result: Result<T, any Error>) {
        let (continuation, timer, worker) = state.withLock { state in
            state.finished = true
            defer { state.continuation = nil }
            return (state.continuation, state.timer, state.worker)
        }
        timer?.cancel()
        guard let continuation else { return }
        if case .failure(let error) = result, error is CancellationError { worker?.cancel() }
        continuation.resume(with: result)
    }

    /// Resumes the caller with `error` when the limit applies; `true` when it did.
    func timeOut(scope: TimeLimit.Scope, error: any Error) -> Bool {
        let continuation = state.withLock { state -> CheckedContinuation<T, any Error>? in
            if scope == .untilStarted && state.started { return nil }
            defer { state.continuation = nil }
            return state.continuation
        }
        guard let continuation else { return false }
        continuation.resume(throwing: error)
        return true
    }
}
