import Foundation

/// What happened with one link since a day: people's clicks per platform (bots apart) from the
/// daily rollups, and the deferred deep links the app claimed. What Firebase Dynamic Links'
/// `getLinkStats` reports.
package struct LinkEventCounts: Sendable, Hashable {
    /// ``Platform`` raw value → people's clicks.
    package var clicks: [String: Int]
    /// ``Platform`` raw value the token was issued to → claim tokens handed back by the app after
    /// its install; `""` for tokens issued before tokens named their platform.
    package var claims: [String: Int]
    /// App events named `install`, `open` and `reopen` (``AppEventName``) → ``Platform`` raw
    /// value of their click (`""` for an event without one) → how many.
    package var appEvents: [String: [String: Int]]

    package init(clicks: [String: Int] = [:], claims: [String: Int] = [:], appEvents: [String: [String: Int]] = [:]) {
        self.clicks = clicks
        self.claims = claims
        self.appEvents = appEvents
    }

    /// The UTC day `days` days after 1970-01-01, `YYYY-MM-DD` (the rollups' day key), and the
    /// instant it starts.
    package static func start(ofDay days: Int) -> (day: String, date: Date) {
        (Click.dayText(daysSince1970: days), Date(timeIntervalSince1970: TimeInterval(days) * 86_400))
    }
}
