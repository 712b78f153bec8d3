/// The router's sense of time: what time it is (for the age of pending links) and how to wait
/// (for timeouts). Tests give a clock they control, so no test depends on real time passing.
public struct RouterClock: Sendable {
    /// The time since some fixed moment.
    public var now: @Sendable () -> Duration
    /// Waits for the duration; throws when cancelled.
    public var sleep: @Sendable (Duration) async throws -> Void

    /// A clock from its two operations: `now` must never go backwards, and `sleep` should throw
    /// when its task is cancelled, so the timer of a handler that already finished stops early.
    public init(now: @escaping @Sendable () -> Duration, sleep: @escaping @Sendable (Duration) async throws -> Void) {
        self.now = now
        self.sleep = sleep
    }

    /// The continuous clock.
    public static var continuous: RouterClock {
        let start = ContinuousClock.now
        return RouterClock(now: { ContinuousClock.now - start }, sleep: { try await Task.sleep(for: $0) })
    }
}
