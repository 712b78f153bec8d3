/// A tenant's clicks over a range of days: the total, the links clicked most, and the clicks per
/// platform (and, from the analytics engine, visitors and countries). People only; bots are not
/// counted here.
public struct TenantStats: Sendable, Hashable {
    /// One of the links clicked most.
    public struct TopLink: Sendable, Hashable {
        public var slug: String
        public var clicks: Int

        public init(slug: String, clicks: Int) {
            self.slug = slug
            self.clicks = clicks
        }
    }

    public var clicks: Int
    /// Most clicked first (ties by slug), at most the number asked for.
    public var topLinks: [TopLink]
    /// ``Platform`` raw value → clicks. From the rollups: over every day, whatever the range.
    public var platforms: [String: Int]
    /// Unique visitors, the sum of each day's (Documentation/Analytics.md); `nil` from the rollups.
    public var visitors: Int?
    /// ISO country code → clicks; `nil` from the rollups.
    public var countries: [String: Int]?

    public init(
        clicks: Int = 0, topLinks: [TopLink] = [], platforms: [String: Int] = [:], visitors: Int? = nil,
        countries: [String: Int]? = nil
    ) {
        self.clicks = clicks
        self.topLinks = topLinks
        self.platforms = platforms
        self.visitors = visitors
        self.countries = countries
    }
}
