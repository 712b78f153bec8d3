import LinkCore

/// Stats read from ClickHouse's aggregates (`click_daily`, `click_dimensions`,
/// `click_visitor_days`): a row per day and per breakdown value, however many clicks there are.
///
/// A stats call is one statement: its parts (the days' clicks, the breakdowns, the kept visitor
/// counts, today's visitors) are `UNION ALL` branches of one ``StatsRow`` shape, so that a call
/// pays ClickHouse's per-statement cost (an HTTP request, parsing, planning) once; a second
/// statement follows only for days whose visitors are not counted yet.
extension ClickHouseEngine {
    /// One row of a stats statement: `kind` says which branch made it and what the other columns
    /// hold.
    package struct StatsRow: Decodable, Sendable {
        /// `day` (`key` the date; `isBot`, `clicks`), `link` (`key` the link ID; `clicks`),
        /// `dimension` (`key` the dimension, `value` its value; `clicks`), and the visitor
        /// branches of ``VisitorReads``.
        package var kind: String
        package var key: String
        package var value: String
        package var isBot: Int
        package var clicks: Int
        package var visitors: Int

        // Names apart from the tables' columns: 18.16 reads a column's name in an expression as
        // an alias of that name (`argMax(visitors, clicks) AS visitors` would refer to itself).
        package enum CodingKeys: String, CodingKey {
            case kind = "row_kind"
            case key = "row_key"
            case value = "row_value"
            case isBot = "row_is_bot"
            case clicks = "row_clicks"
            case visitors = "row_visitors"
        }
    }

    /// Runs `branches` (each a `SELECT` of ``StatsRow``'s columns, in its order) as one
    /// statement. The first names the columns; the types are spelled out, since 18.16 unites
    /// only equal types.
    package func statsRows(_ branches: [String]) async throws -> [StatsRow] {
        try await client.rows(branches.joined(separator: "\nUNION ALL\n"), as: StatsRow.self)
    }

    /// A ``StatsRow`` branch: `SELECT` of the six columns from `table` where `condition`,
    /// grouped by `group`.
    package static func branch(
        _ kind: String, key: String = "''", value: String = "''", isBot: String = "0", clicks: String,
        visitors: String = "0", from table: String, where condition: String, groupBy group: String
    ) -> String {
        """
        SELECT \(ClickHouseClient.literal(kind)) AS row_kind, toString(\(key)) AS row_key,
            toString(\(value)) AS row_value, toUInt8(\(isBot)) AS row_is_bot, toUInt64(\(clicks)) AS row_clicks,
            toUInt64(\(visitors)) AS row_visitors
        FROM \(table) WHERE \(condition) GROUP BY \(group)
        """
    }

    /// A link's counts on days `from` through `to` (`YYYY-MM-DD`; `nil`: no bound), in the
    /// rollups' shape (without the deferred funnel, which the main database keeps), and the
    /// breakdowns only the engine has. `today` is the UTC day that is not over yet.
    package func linkStats(tenant: String, linkID: String, from: String?, to: String?, today: String) async throws -> (
        LinkStats, ClickBreakdowns
    ) {
        let scope = Self.scope(tenant: tenant, linkID: linkID, from: from, to: to)
        let rows = try await statsRows(
            [
                Self.branch(
                    "day", key: "day", isBot: "is_bot", clicks: "countMerge(clicks)", from: "\(database).click_daily",
                    where: scope, groupBy: "day, is_bot"),
                dimensionBranch(scope),
            ] + visitorBranches(tenant: tenant, linkID: linkID, from: from, to: to, today: today))
        var stats = LinkStats()
        var breakdowns = ClickBreakdowns()
        for row in rows where row.kind == "day" {
            if row.isBot != 0 {
                stats.botClicks += row.clicks
            } else {
                stats.clicks += row.clicks
                stats.byDay[row.key, default: 0] += row.clicks
            }
        }
        breakdowns.visitorsByDay = try await visitorsByDay(
            tenant: tenant, linkID: linkID, clicksByDay: stats.byDay, today: today, reads: VisitorReads(rows)
        ).filter { $0.value > 0 }
        for row in rows where row.kind == "dimension" {
            let (value, clicks) = (row.value, row.clicks)
            switch row.key {
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
    package func tenantStats(tenant: String, from: String?, to: String?, top: Int, today: String) async throws -> (
        clicks: Int, visitors: Int, topLinks: [(linkID: String, clicks: Int)], platforms: [String: Int],
        countries: [String: Int]
    ) {
        let scope = Self.scope(tenant: tenant, linkID: nil, from: from, to: to)
        let daily = "\(database).click_daily"
        let rows = try await statsRows(
            [
                Self.branch(
                    "link", key: "link_id", clicks: "countMerge(clicks)", from: daily, where: scope + " AND is_bot = 0",
                    groupBy: "link_id"),
                Self.branch(
                    "day", key: "day", clicks: "countMerge(clicks)", from: daily, where: scope + " AND is_bot = 0",
                    groupBy: "day"),
                dimensionBranch(scope, only: ["platform", "country"]),
            ] + visitorBranches(tenant: tenant, linkID: nil, from: from, to: to, today: today))
        let links = rows.filter { $0.kind == "link" }.sorted { ($1.clicks, $0.key) < ($0.clicks, $1.key) }
        // A visitor's key is the same on every link of the tenant that day: the tenant's count of
        // a day merges the day's states over its links.
        let visitors = try await visitorsByDay(
            tenant: tenant, linkID: nil,
            clicksByDay: Dictionary(rows.filter { $0.kind == "day" }.map { ($0.key, $0.clicks) }, uniquingKeysWith: +),
            today: today, reads: VisitorReads(rows))
        var platforms: [String: Int] = [:]
        var countries: [String: Int] = [:]
        for row in rows where row.kind == "dimension" {
            if row.key == "platform" { platforms[row.value, default: 0] += row.clicks }
            if row.key == "country" { countries[row.value, default: 0] += row.clicks }
        }
        return (
            links.reduce(0) { $0 + $1.clicks }, visitors.values.reduce(0, +),
            links.prefix(top).map { ($0.key, $0.clicks) }, platforms, countries
        )
    }

    /// The branch of people's clicks per dimension and value within `scope` (of the dimensions
    /// `only`, when given).
    private func dimensionBranch(_ scope: String, only: [String]? = nil) -> String {
        let dimensions = only.map {
            " AND dimension IN (" + $0.map(ClickHouseClient.literal).joined(separator: ", ") + ")"
        }
        return Self.branch(
            "dimension", key: "dimension", value: "value", clicks: "sum(clicks)", from: "\(database).click_dimensions",
            where: scope + (dimensions ?? ""), groupBy: "dimension, value")
    }

    /// The `WHERE` condition of a tenant's rows (of one link, or of all its links but route
    /// paths) on days `from` through `to`.
    package static func scope(tenant: String, linkID: String?, from: String?, to: String?) -> String {
        var conditions = ["tenant = \(ClickHouseClient.literal(tenant))"]
        conditions.append(linkID.map { "link_id = \(ClickHouseClient.literal($0))" } ?? "link_id != ''")
        return (conditions + days(from: from, to: to)).joined(separator: " AND ")
    }

    /// The conditions on `day` of the days `from` through `to` (`YYYY-MM-DD`; `nil`: no bound).
    package static func days(from: String?, to: String?) -> [String] {
        var conditions: [String] = []
        // ClickHouse's `Date` holds 1970 to 2105: a bound outside bounds nothing.
        if let from, from > "1970-01-01" { conditions.append("day >= toDate(\(ClickHouseClient.literal(from)))") }
        if let to, to < "2105-12-31" { conditions.append("day <= toDate(\(ClickHouseClient.literal(to)))") }
        if let to, to < "1970-01-01" { conditions.append("0") }
        if let from, from > "2105-12-31" { conditions.append("0") }
        return conditions
    }
}
