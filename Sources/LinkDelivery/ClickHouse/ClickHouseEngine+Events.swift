import LinkCore

/// App event stats read from `app_event_daily` (and the funnel's clicks from `click_daily`): a
/// row per name, currency (and platform) however many events there are, the same figures the
/// main database's `events` table gives.
extension ClickHouseEngine {
    /// One row of an events statement.
    package struct EventRow: Decodable, Sendable {
        /// `event` (an event name's count and value in a currency, or on a platform) or `clicks`
        /// (people's clicks, in `count`).
        package var kind: String
        package var name: String
        /// `''` for events without a value.
        package var currency: String
        /// `''` when not read, or for events without an attributed click.
        package var platform: String
        package var count: Int
        /// Millionths of `currency`.
        package var micros: Int

        // Names apart from the tables' columns, as ``StatsRow``'s.
        package enum CodingKeys: String, CodingKey {
            case kind = "row_kind"
            case name = "row_name"
            case currency = "row_currency"
            case platform = "row_platform"
            case count = "row_count"
            case micros = "row_micros"
        }
    }

    /// One link's events per name, over every day (link stats' `events`); another tenant's link
    /// has none.
    package func eventTotals(tenant: String, linkID: String) async throws -> [String: EventTotals] {
        Self.totals(try await client.rows(eventBranch(tenant: tenant, linkID: linkID), as: EventRow.self))
    }

    /// The tenant's (or one of its links') people's clicks and events per name on days `from`
    /// through `to` (`YYYY-MM-DD`; `nil`: no bound), in one statement: the funnel's steps the
    /// analytics engine knows. Clicks are of links only (as the main database counts them);
    /// events are the tenant's, with a link or without, when `linkID` is `nil`.
    package func funnelCounts(tenant: String, linkID: String?, from: String?, to: String?) async throws -> (
        clicks: Int, totals: [String: EventTotals]
    ) {
        let clicks = """
            SELECT 'clicks' AS row_kind, '' AS row_name, '' AS row_currency, '' AS row_platform,
                toUInt64(countMerge(clicks)) AS row_count, toInt64(0) AS row_micros
            FROM \(database).click_daily
            WHERE \(Self.scope(tenant: tenant, linkID: linkID, from: from, to: to)) AND is_bot = 0
            """
        let rows = try await client.rows(
            eventBranch(tenant: tenant, linkID: linkID, from: from, to: to) + "\nUNION ALL\n" + clicks,
            as: EventRow.self)
        return (rows.filter { $0.kind == "clicks" }.reduce(0) { $0 + $1.count }, Self.totals(rows))
    }

    /// A link's `install`, `open` and `reopen` events on day `since` (`YYYY-MM-DD`) and after, per
    /// name and platform of their click (`''` without one): FDL's `linkStats` app counts.
    package func appEventCounts(tenant: String, linkID: String, since: String) async throws -> [String: [String: Int]] {
        let names = [AppEventName.install, AppEventName.open, AppEventName.reopen].map(ClickHouseClient.literal)
        let rows = try await client.rows(
            eventBranch(
                tenant: tenant, linkID: linkID, from: since, to: nil, byPlatform: true,
                names: names.joined(separator: ", ")),
            as: EventRow.self)
        var counts: [String: [String: Int]] = [:]
        for row in rows where row.kind == "event" {
            counts[row.name, default: [:]][row.platform, default: 0] += row.count
        }
        return counts
    }

    /// The branch of events per name and currency (or per name and platform) of a tenant (or
    /// one of its links) on days `from` through `to`, of the names `names` (a list of literals)
    /// when given.
    private func eventBranch(
        tenant: String, linkID: String?, from: String? = nil, to: String? = nil, byPlatform: Bool = false,
        names: String? = nil
    ) -> String {
        var conditions = ["tenant = \(ClickHouseClient.literal(tenant))"]
        if let linkID { conditions.append("link_id = \(ClickHouseClient.literal(linkID))") }
        if let names { conditions.append("name IN (\(names))") }
        conditions += Self.days(from: from, to: to)
        let (currency, platform) = byPlatform ? ("''", "platform") : ("currency", "''")
        return """
            SELECT 'event' AS row_kind, name AS row_name, \(currency) AS row_currency, \(platform) AS row_platform,
                toUInt64(sum(events)) AS row_count, toInt64(sum(micros)) AS row_micros
            FROM \(database).app_event_daily WHERE \(conditions.joined(separator: " AND "))
            GROUP BY name, \(byPlatform ? "platform" : "currency")
            """
    }

    /// Totals per name of the `event` rows (per name and currency), the value in whole units of
    /// the summed millionths, as the main database sums them.
    private static func totals(_ rows: [EventRow]) -> [String: EventTotals] {
        var totals: [String: EventTotals] = [:]
        for row in rows where row.kind == "event" {
            totals[row.name, default: EventTotals()].count += row.count
            if !row.currency.isEmpty {
                totals[row.name, default: EventTotals()].value[row.currency, default: 0] +=
                    Double(row.micros) / 1_000_000
            }
        }
        return totals
    }
}
