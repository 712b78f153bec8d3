import LinkCore

#if canImport(Glibc)
    import Glibc
#endif

/// Paces a background worker that has a backlog: after each round of work it asks the kernel how
/// long the worker's thread ran and how long it waited for a core, and when it waited at least
/// half as long as it ran (every core was wanted by other threads, the ones answering visits
/// among them) it pauses for ``pauseFactor`` times the round's length, at most ``longestPause``.
///
/// A lower nice value alone does not keep such a worker out of the way (a thread that sleeps on
/// its sockets is woken with the credit the kernel gives sleepers); pausing makes it yield most of
/// its time while the cores are contended, and once nothing else wants them it waits for none and
/// runs without pause. The webhook worker paces only with ``WebhookSettings/pace``: what it was
/// measured to gain and cost is in Documentation/MeasurementLog.md ("Webhooks paced by their
/// thread's wait for a core").
///
/// Linux only (`/proc/thread-self/schedstat`); elsewhere, or when the file cannot be read, it
/// never pauses.
package struct ContentionPacer {
    /// How many times the round's length the worker pauses for when the cores were contended.
    package static let pauseFactor = 4
    /// The longest pause after one round.
    package static let longestPause = Duration.seconds(1)

    /// The thread's time on a core and waiting for one, so far.
    package struct ThreadTimes: Equatable {
        package var running: Duration
        package var waiting: Duration

        /// The times in `schedstat` (`/proc/…/schedstat`: nanoseconds run, nanoseconds waited,
        /// time slices), `nil` when it is not that.
        package init?(schedstat: String) {
            let fields = schedstat.split(whereSeparator: \.isWhitespace)
            guard fields.count >= 2, let running = Int64(fields[0]), let waiting = Int64(fields[1]),
                running >= 0, waiting >= 0
            else { return nil }
            self.running = .nanoseconds(running)
            self.waiting = .nanoseconds(waiting)
        }

        package init(running: Duration, waiting: Duration) {
            self.running = running
            self.waiting = waiting
        }

        /// The calling thread's times, `nil` where the kernel does not give them.
        package static func current() -> ThreadTimes? {
            #if canImport(Glibc)
                guard let file = fopen("/proc/thread-self/schedstat", "r") else { return nil }
                defer { fclose(file) }
                var buffer = [CChar](repeating: 0, count: 128)
                guard fgets(&buffer, Int32(buffer.count), file) != nil else { return nil }
                let line = buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
                return ThreadTimes(schedstat: String(decoding: line, as: UTF8.self))
            #else
                return nil
            #endif
        }
    }

    /// When the round under way started, and the thread's times then.
    private var start: (instant: ContinuousClock.Instant, times: ThreadTimes)?
    private let read: () -> ThreadTimes?

    /// A pacer of the calling thread (`read` stands in for the kernel in tests).
    package init(read: @escaping () -> ThreadTimes? = ThreadTimes.current) {
        self.read = read
    }

    /// Marks the start of a round of work.
    package mutating func startRound() {
        start = read().map { (.now, $0) }
    }

    /// How long to pause after the round that started at ``startRound()``: zero unless the thread
    /// waited for a core at least half as long as it ran during the round.
    package func pauseAfterRound() -> Duration {
        guard let start, let now = read() else { return .zero }
        return Self.pause(
            running: now.running - start.times.running, waiting: now.waiting - start.times.waiting,
            round: ContinuousClock.now - start.instant)
    }

    /// The pause after a round of length `round` in which the thread ran for `running` and waited
    /// for a core for `waiting`.
    package static func pause(running: Duration, waiting: Duration, round: Duration) -> Duration {
        // Below a millisecond of running the figures say little.
        guard running >= .milliseconds(1), waiting * 2 >= running else { return .zero }
        return min(round * pauseFactor, longestPause)
    }
}
