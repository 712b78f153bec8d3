/// Per-link click counts from the daily rollups. People and bots are counted apart: ``clicks`` and
/// the breakdowns count people only.
public struct LinkStats: Sendable, Hashable {
    public var clicks: Int
    public var botClicks: Int
    /// `YYYY-MM-DD` (UTC) → clicks.
    public var byDay: [String: Int]
    /// ``Platform`` raw value → clicks.
    public var byPlatform: [String: Int]
    /// Referrer host (or `direct`) → clicks.
    public var byReferrer: [String: Int]
    /// Claim tokens issued and claimed (deferred deep links).
    public var deferred: DeferredFunnel
    /// People's clicks decided by each of the link's rules, by rule index (rules without clicks
    /// are absent).
    public var ruleClicks: [Int: Int] = [:]
    /// People's clicks given each A/B variant, by variant index (variants without clicks are
    /// absent).
    public var variantClicks: [Int: Int] = [:]

    public init(
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
    public static let directReferrer = "direct"
}
