import Foundation

/// The link service's time of day: when sessions idle out, when claim tokens and links expire,
/// when a click happened, when the keyring may read the store again.
///
/// Every "now" of the server comes from the one clock given to ``LinkServer``, so a test moves a
/// clock of its own instead of waiting in real time. The clock should not go backwards; when the
/// system's does, durations measured across the jump come out short or negative and the server
/// treats them as zero.
///
/// It gives dates, what the server stores and compares across instances. What only waits or
/// measures an interval (the link cache's lifetime, the click flusher's interval, the webhook
/// worker's and the ClickHouse shipper's pauses) takes a Swift `Clock` instead, as Hummingbird's
/// `MemoryPersistDriver` does: `ContinuousClock` in the server, and in a test a clock that also
/// gives this one's dates, so that one move of it moves both.
public struct ServiceClock: Sendable {
    /// The current time.
    public let now: @Sendable () -> Date

    /// A clock that reads `now`.
    public init(now: @escaping @Sendable () -> Date) {
        self.now = now
    }

    /// The system's clock.
    public static let system = ServiceClock { Date() }
}
