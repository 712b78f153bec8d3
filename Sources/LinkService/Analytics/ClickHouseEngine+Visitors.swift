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

    /// A day's unique visitors and the people's clicks they were counted from.
    struct VisitorCount: Decodable, Sendable {
        var date: String
        var clicks: Int
        var visitors: Int
    }

    /// What a stats call reads beside the days' clicks, at the same time: the kept counts of the
    /// range's days, and today's visitors when the range holds today.
    struct VisitorReads: Sendable {
        var kept: [String: VisitorCount]
        var today: [VisitorCount]
    }

    /// The kept counts of a link (or, with `linkID` `nil`, of the tenant) on days `from` through
    /// `to`, and the visitors of `today` when it is in the range, read at once.
    func visitorReads(tenant: String, linkID: String?, from: String?, to: String?, today: String) async throws
        -> VisitorReads
    {
        let inRange = (from.map { today >= $0 } ?? true) && (to.map { today <= $0 } ?? true)
        async let current = inRange ? merged(tenant: tenant, linkID: linkID, days: [today]) : []
        let scope = Self.scope(tenant: tenant, linkID: linkID ?? Self.wholeTenant, from: from, to: to)
        // Aliases apart from the column names: 18.16 reads a column's name as its alias's.
        let kept = try await client.rows(
            """
            SELECT toString(day) AS date, max(clicks) AS madeFrom, argMax(visitors, clicks) AS count
            FROM \(database).click_visitor_days WHERE \(scope) GROUP BY day
            """, as: KeptRow.self)
        return VisitorReads(
            kept: Dictionary(
                kept.map { ($0.date, VisitorCount(date: $0.date, clicks: $0.madeFrom, visitors: $0.count)) },
                uniquingKeysWith: { first, _ in first }),
            today: try await current)
    }

    private struct KeptRow: Decodable {
        var date: String
        var madeFrom: Int
        var count: Int
    }

    /// The unique visitors of a link (or, with `linkID` `nil`, of the tenant's links together)
    /// on each day of `clicksByDay` (`YYYY-MM-DD` → people's clicks that day as `click_daily`
    /// counts them now), from `reads`.
    ///
    /// A day before `today` whose kept count was made from as many clicks is read as a number;
    /// the others (a day not counted yet, or one a late click changed) merge their visitor
    /// states, and keep the new count for the next call.
    func visitorsByDay(
        tenant: String, linkID: String?, clicksByDay: [String: Int], today: String, reads: VisitorReads
    ) async throws -> [String: Int] {
        var visitors: [String: Int] = [:]
        for count in reads.today where clicksByDay[count.date] != nil { visitors[count.date] = count.visitors }
        for (day, count) in reads.kept where day < today && clicksByDay[day] == count.clicks {
            visitors[day] = count.visitors
        }
        let open = clicksByDay.keys.filter { visitors[$0] == nil }.sorted()
        guard !open.isEmpty else { return visitors }
        let counts = try await merged(tenant: tenant, linkID: linkID, days: open)
        var finished: [String] = []
        for count in counts {
            visitors[count.date] = count.visitors
            if count.date < today {
                let values = [tenant, linkID ?? Self.wholeTenant, count.date].map(ClickHouseClient.literal)
                finished.append("(\(values.joined(separator: ", ")), \(count.clicks), \(count.visitors))")
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

    /// People's clicks and unique visitors on `days`, merged from `click_daily`'s states in one
    /// read (a count is kept with the clicks it saw).
    private func merged(tenant: String, linkID: String?, days: [String]) async throws -> [VisitorCount] {
        let links = linkID.map { "link_id = \(ClickHouseClient.literal($0))" } ?? "link_id != ''"
        let list = days.map { "toDate(\(ClickHouseClient.literal($0)))" }.joined(separator: ", ")
        return try await client.rows(
            """
            SELECT toString(day) AS date, countMerge(clicks) AS clicks, uniqCombinedMerge(visitors) AS visitors
            FROM \(database).click_daily
            WHERE tenant = \(ClickHouseClient.literal(tenant)) AND \(links) AND is_bot = 0 AND day IN (\(list))
            GROUP BY day
            """, as: VisitorCount.self)
    }
}
