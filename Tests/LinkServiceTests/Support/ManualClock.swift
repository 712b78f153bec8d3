import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage

/// A ``ServiceClock`` a test moves by hand: the server's sessions, tokens and expiry see time pass
/// without the test waiting for it.
final class ManualClock: Sendable {
    private let time: Locked<Date>

    init(_ start: Date = Date()) {
        time = Locked(start)
    }

    /// The clock to give the server.
    var clock: ServiceClock {
        ServiceClock { [time] in time.withLock { $0 } }
    }

    /// Moves the time forward by `duration`.
    func advance(by duration: Duration) {
        time.withLock { $0 = $0.addingTimeInterval(duration.timeInterval) }
    }
}
