/// A tenant's clicks over a range of days: the total, the links clicked most, and the clicks per
/// platform (and, from the analytics engine, visitors and countries). People only; bots are not
/// counted here.
package struct TenantStats: Sendable, Hashable {
    /// One of the links clicked most.
    package struct TopLink: Sendable, Hashable {
        package var slug: String
        package var clicks: Int

        package init(slug: String, clicks: Int) {
            self.slug = slug
            self.clicks = clicks
        }
    }

    package var clicks: Int
    /// Most clicked first (ties by slug), at most the number asked for.
    package var topLinks: [TopLink]
    /// ``Platform`` raw value → clicks. From the rollups: over every day, whatever the range.
    package var platforms: [String: Int]
    /// Unique visitors, the sum of each day's (Documentation/Analytics.md); `nil` from the rollups.
    package var visitors: Int?
    /// ISO country code → clicks; `nil` from the rollups.
    package var countries: [String: Int]?

    package init(
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
