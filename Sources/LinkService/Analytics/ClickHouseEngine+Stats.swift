/// Stats read from ClickHouse's aggregates (`click_daily`, `click_dimensions`): a row per day and
/// per breakdown value, however many clicks there are.
extension ClickHouseEngine {
    /// A link's counts on days `from` through `to` (`YYYY-MM-DD`; `nil`: no bound), in the
    /// rollups' shape (without the deferred funnel, which the main database keeps), and the
    /// breakdowns only the engine has. `today` is the UTC day that is not over yet.
    func linkStats(tenant: String, linkID: String, from: String?, to: String?, today: String) async throws -> (
        LinkStats, ClickBreakdowns
    ) {
        let scope = Self.scope(tenant: tenant, linkID: linkID, from: from, to: to)
        async let dimensionRows = dimensions(scope)
        async let visitorReads = visitorReads(tenant: tenant, linkID: linkID, from: from, to: to, today: today)
        struct Day: Decodable {
            var date: String
            var isBot: Int
            var clicks: Int
        }
        let days = try await client.rows(
            """
            SELECT toString(day) AS date, is_bot AS isBot, countMerge(clicks) AS clicks
            FROM \(database).click_daily WHERE \(scope) GROUP BY day, is_bot
            """, as: Day.self)
        var stats = LinkStats()
        var breakdowns = ClickBreakdowns()
        for day in days {
            if day.isBot != 0 {
                stats.botClicks += day.clicks
            } else {
                stats.clicks += day.clicks
                stats.byDay[day.date, default: 0] += day.clicks
            }
        }
        breakdowns.visitorsByDay = try await visitorsByDay(
            tenant: tenant, linkID: linkID, clicksByDay: stats.byDay, today: today, reads: try await visitorReads
        ).filter { $0.value > 0 }
        for (dimension, value, clicks) in try await dimensionRows {
            switch dimension {
            case "platform": stats.byPlatform[value, default: 0] += clicks
            case "referrer": stats.byReferrer[value, default: 0] += clicks
            case "country": breakdowns.countries[value, default: 0] += clicks
            case "browser": breakdowns.browsers[value, default: 0] += clicks
            case "os": breakdowns.os[value, default: 0] += clicks
            case "hour": breakdowns.hours[value, default: 0] += clicks
            case "rule": if let index = Int(value) { breakdowns.rules[index, default: 0] += clicks }
            case "variant": if let index = Int(value) { breakdowns.variants[index, default: 0] += clicks }
            default: break
            }
        }
        return (stats, breakdowns)
    }

    /// A tenant's people's clicks on its links on days `from` through `to`, its `top` links (by
    /// link ID: the caller names them), unique visitors, platforms and countries. `today` is the
    /// UTC day that is not over yet.
    func tenantStats(tenant: String, from: String?, to: String?, top: Int, today: String) async throws -> (
        clicks: Int, visitors: Int, topLinks: [(linkID: String, clicks: Int)], platforms: [String: Int],
        countries: [String: Int]
    ) {
        let scope = Self.scope(tenant: tenant, linkID: nil, from: from, to: to)
        async let dimensionRows = dimensions(scope, only: ["platform", "country"])
        async let visitorReads = visitorReads(tenant: tenant, linkID: nil, from: from, to: to, today: today)
        struct Link: Decodable {
            var linkID: String
            var clicks: Int
        }
        struct Day: Decodable {
            var date: String
            var clicks: Int
        }
        async let links = client.rows(
            """
            SELECT link_id AS linkID, countMerge(clicks) AS clicks FROM \(database).click_daily
            WHERE \(scope) AND is_bot = 0 GROUP BY link_id ORDER BY clicks DESC, linkID
            """, as: Link.self)
        let days = try await client.rows(
            """
            SELECT toString(day) AS date, countMerge(clicks) AS clicks FROM \(database).click_daily
            WHERE \(scope) AND is_bot = 0 GROUP BY day
            """, as: Day.self)
        // A visitor's key is the same on every link of the tenant that day: the tenant's count of
        // a day merges the day's states over its links.
        let visitors = try await visitorsByDay(
            tenant: tenant, linkID: nil,
            clicksByDay: Dictionary(days.map { ($0.date, $0.clicks) }, uniquingKeysWith: +), today: today,
            reads: try await visitorReads)
        var platforms: [String: Int] = [:]
        var countries: [String: Int] = [:]
        for (dimension, value, clicks) in try await dimensionRows {
            if dimension == "platform" { platforms[value, default: 0] += clicks }
            if dimension == "country" { countries[value, default: 0] += clicks }
        }
        let linkRows = try await links
        return (
            linkRows.reduce(0) { $0 + $1.clicks }, visitors.values.reduce(0, +),
            linkRows.prefix(top).map { ($0.linkID, $0.clicks) }, platforms, countries
        )
    }

    /// People's clicks per dimension and value within `scope` (of the dimensions `only`, when
    /// given).
    private func dimensions(_ scope: String, only: [String]? = nil) async throws -> [(String, String, Int)] {
        struct Row: Decodable {
            var dimension: String
            var value: String
            var clicks: Int
        }
        return try await client.rows(
            """
            SELECT dimension, value, sum(clicks) AS clicks FROM \(database).click_dimensions
            WHERE \(scope)\(only.map { " AND dimension IN (" + $0.map(ClickHouseClient.literal).joined(separator: ", ") + ")" } ?? "")
            GROUP BY dimension, value
            """, as: Row.self
        ).map { ($0.dimension, $0.value, $0.clicks) }
    }

    /// The `WHERE` condition of a tenant's rows (of one link, or of all its links but route
    /// paths) on days `from` through `to`.
    static func scope(tenant: String, linkID: String?, from: String?, to: String?) -> String {
        var conditions = ["tenant = \(ClickHouseClient.literal(tenant))"]
        conditions.append(linkID.map { "link_id = \(ClickHouseClient.literal($0))" } ?? "link_id != ''")
        // ClickHouse's `Date` holds 1970 to 2105: a bound outside bounds nothing.
        if let from, from > "1970-01-01" { conditions.append("day >= toDate(\(ClickHouseClient.literal(from)))") }
        if let to, to < "2105-12-31" { conditions.append("day <= toDate(\(ClickHouseClient.literal(to)))") }
        if let to, to < "1970-01-01" { conditions.append("0") }
        if let from, from > "2105-12-31" { conditions.append("0") }
        return conditions.joined(separator: " AND ")
    }
}
