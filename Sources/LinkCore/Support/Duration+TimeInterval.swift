import Foundation

extension Duration {
    /// The duration in seconds, as `Date` arithmetic takes it.
    package var timeInterval: TimeInterval {
        TimeInterval(components.seconds) + TimeInterval(components.attoseconds) / 1e18
    }
}
