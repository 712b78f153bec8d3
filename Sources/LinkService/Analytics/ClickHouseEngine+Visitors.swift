/// Unique visitors per day, read as plain numbers for the days that are over.
///
/// Merging a day's `uniqCombined` states is what a stats call spends its time on (a busy link's
/// day holds a large state per part); a day that is over changes only when a late click arrives
/// (the outbox sending after midnight), so its count is kept in `click_visitor_days` with the
/// people's clicks it was made from, and made again when the day's clicks differ.
extension ClickHouseEngine {
    /// `link_id` of a tenant's own counts in `click_visitor_days` (its links' visitors together,
    /// each counted once a day); link IDs are never `*`.
    static let wholeTenant = "*"

    /// The unique visitors of a link (or, with `linkID` `nil`, of the tenant's links together)
    /// on each day of `clicksByDay` (`YYYY-MM-DD` → people's clicks that day as `click_daily`
    /// counts them now).
    ///
    /// A day before `today` whose kept count was made from as many clicks is read as a number;
    /// the others merge their visitor states, and those before `today` keep the new count.
    func visitorsByDay(tenant: String, linkID: String?, clicksByDay: [String: Int], today: String) async throws
        -> [String: Int]
    {
        guard let first = clicksByDay.keys.min(), let last = clicksByDay.keys.max() else { return [:] }
        struct Count: Decodable {
            var date: String
            var clicks: Int
            var visitors: Int
        }
        // Aliases apart from the column names: 18.16 reads a column's name as its alias's.
        struct Kept: Decodable {
            var date: String
            var madeFrom: Int
            var count: Int
        }
        let tenantLiteral = ClickHouseClient.literal(tenant)
        let key = ClickHouseClient.literal(linkID ?? Self.wholeTenant)
        let kept = try await client.rows(
            """
            SELECT toString(day) AS date, max(clicks) AS madeFrom, argMax(visitors, clicks) AS count
            FROM \(database).click_visitor_days
            WHERE tenant = \(tenantLiteral) AND link_id = \(key)
                AND day >= toDate(\(ClickHouseClient.literal(first))) AND day <= toDate(\(ClickHouseClient.literal(last)))
            GROUP BY day
            """, as: Kept.self)
        var visitors: [String: Int] = [:]
        for row in kept where row.date < today && clicksByDay[row.date] == row.madeFrom {
            visitors[row.date] = row.count
        }
        let open = clicksByDay.keys.filter { visitors[$0] == nil }.sorted()
        guard !open.isEmpty else { return visitors }
        let links = linkID.map { "link_id = \(ClickHouseClient.literal($0))" } ?? "link_id != ''"
        let days = open.map { "toDate(\(ClickHouseClient.literal($0)))" }.joined(separator: ", ")
        // Clicks and visitors from one read: a count is kept with the clicks it saw.
        let merged = try await client.rows(
            """
            SELECT toString(day) AS date, countMerge(clicks) AS clicks, uniqCombinedMerge(visitors) AS visitors
            FROM \(database).click_daily
            WHERE tenant = \(tenantLiteral) AND \(links) AND is_bot = 0 AND day IN (\(days))
            GROUP BY day
            """, as: Count.self)
        var finished: [String] = []
        for count in merged {
            visitors[count.date] = count.visitors
            if count.date < today {
                finished.append(
                    "(\(tenantLiteral), \(key), \(ClickHouseClient.literal(count.date)), \(count.clicks), \(count.visitors))"
                )
            }
        }
        if !finished.isEmpty {
            // Only a shortcut: a count that was not kept is made again by the next call.
            _ = try? await client.run(
                "INSERT INTO \(database).click_visitor_days (tenant, link_id, day, clicks, visitors) VALUES "
                    + finished.joined(separator: ", "))
        }
        return visitors
    }
}
