import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage

/// A `Clock` a test moves by hand, and the server's time of day along with it: a cache's
/// lifetime, a flusher's interval, a worker's pause and the dates it stores all see time pass
/// without the test waiting for it.
///
/// Time stands still until ``advance(by:)``; a task sleeping on the clock wakes when an advance
/// reaches its deadline (or when it is cancelled). ``sleepers`` and ``waitForSleepers(_:)`` let a
/// test move time only once a service is waiting on it.
package final class ManualClock: Clock, Sendable {
    /// A moment of the clock: how far it has been moved since it was made.
    package struct Instant: InstantProtocol {
        package var offset: Duration

        package func advanced(by duration: Duration) -> Instant { Instant(offset: offset + duration) }
        package func duration(to other: Instant) -> Duration { other.offset - offset }
        package static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.offset < rhs.offset }
    }

    private struct Sleeper {
        var deadline: Instant
        var continuation: CheckedContinuation<Void, any Error>
    }

    private struct State {
        var now = Instant(offset: .zero)
        var sleepers: [Int: Sleeper] = [:]
        var nextID = 0
    }

    private let start: Date
    private let state = Locked(State())

    /// A clock whose time of day is `start` until it is moved.
    package init(_ start: Date = Date()) {
        self.start = start
    }

    package var now: Instant { state.withLock { $0.now } }

    package var minimumResolution: Duration { .zero }

    package func sleep(until deadline: Instant, tolerance: Duration? = nil) async throws {
        let id = state.withLock { state -> Int in
            state.nextID += 1
            return state.nextID
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let resume = state.withLock { state -> Result<Void, any Error>? in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if deadline <= state.now { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: deadline, continuation: continuation)
                    return nil
                }
                if let resume { continuation.resume(with: resume) }
            }
        } onCancel: {
            let sleeper = state.withLock { $0.sleepers.removeValue(forKey: id) }
            sleeper?.continuation.resume(throwing: CancellationError())
        }
    }

    /// The server's time of day: the start date moved as far as this clock.
    package var clock: ServiceClock {
        ServiceClock { [start, state] in start.addingTimeInterval(state.withLock { $0.now.offset }.timeInterval) }
    }

    /// Moves the time forward by `duration`, waking every task whose sleep ends by then.
    package func advance(by duration: Duration) {
        let due = state.withLock { state -> [CheckedContinuation<Void, any Error>] in
            state.now = state.now.advanced(by: duration)
            let due = state.sleepers.filter { $0.value.deadline <= state.now }
            for id in due.keys { state.sleepers.removeValue(forKey: id) }
            return due.values.map(\.continuation)
        }
        for continuation in due { continuation.resume() }
    }

    /// Tasks sleeping on the clock now.
    package var sleepers: Int { state.withLock { $0.sleepers.count } }

    /// Whether `count` tasks came to sleep on the clock (within the limit `eventually` sets).
    package func waitForSleepers(_ count: Int = 1) async -> Bool {
        await eventually(every: .milliseconds(1)) { sleepers >= count }
    }
}
