/// Per-link click counts from the daily rollups. People and bots are counted apart: ``clicks`` and
/// the breakdowns count people only.
package struct LinkStats: Sendable, Hashable {
    package var clicks: Int
    package var botClicks: Int
    /// `YYYY-MM-DD` (UTC) → clicks.
    package var byDay: [String: Int]
    /// ``Platform`` raw value → clicks.
    package var byPlatform: [String: Int]
    /// Referrer host (or `direct`) → clicks.
    package var byReferrer: [String: Int]
    /// Claim tokens issued and claimed (deferred deep links).
    package var deferred: DeferredFunnel
    /// People's clicks decided by each of the link's rules, by rule index (rules without clicks
    /// are absent).
    package var ruleClicks: [Int: Int] = [:]
    /// People's clicks given each A/B variant, by variant index (variants without clicks are
    /// absent).
    package var variantClicks: [Int: Int] = [:]
    /// People's clicks from each app's in-app browser, by ``InAppBrowser/name`` (apps without
    /// clicks, and visits from system browsers, are absent).
    package var inApp: [String: Int] = [:]

    package init(
        clicks: Int = 0, botClicks: Int = 0, byDay: [String: Int] = [:], byPlatform: [String: Int] = [:],
        byReferrer: [String: Int] = [:], deferred: DeferredFunnel = DeferredFunnel()
    ) {
        self.clicks = clicks
        self.botClicks = botClicks
        self.byDay = byDay
        self.byPlatform = byPlatform
        self.byReferrer = byReferrer
        self.deferred = deferred
    }

    /// The referrer key of clicks without a `Referer`.
    package static let directReferrer = "direct"
}
