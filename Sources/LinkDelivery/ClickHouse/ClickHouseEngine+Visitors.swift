import LinkCore

/// Unique visitors per day, read as plain numbers for the days that are over.
///
/// Merging a day's `uniqCombined` states is what a stats call spends its time on (a busy link's
/// day holds a large state per part); a day that is over changes only when a late click arrives
/// (the outbox sending after midnight), so its count is kept in `click_visitor_days` with the
/// people's clicks it was made from, and made again when the day's clicks differ.
extension ClickHouseEngine {
    /// `link_id` of a tenant's own counts in `click_visitor_days` (its links' visitors together,
    /// each counted once a day); link IDs are never `*`.
    package static let wholeTenant = "*"

    /// A day's unique visitors and the people's clicks they were counted from.
    package struct VisitorCount: Sendable {
        package var clicks: Int
        package var visitors: Int
    }

    /// What a stats statement read of the visitors: the kept counts of the range's days
    /// (`kept` rows), and today's visitors when the range holds today (`today`).
    package struct VisitorReads: Sendable {
        package var kept: [String: VisitorCount] = [:]
        package var today: [String: VisitorCount] = [:]

        package init(_ rows: [StatsRow]) {
            for row in rows {
                let count = VisitorCount(clicks: row.clicks, visitors: row.visitors)
                if row.kind == "kept" { kept[row.key] = count }
                if row.kind == "today" { today[row.key] = count }
            }
        }
    }

    /// The ``StatsRow`` branches of ``VisitorReads`` for a link (or, with `linkID` `nil`, the
    /// tenant) on days `from` through `to`.
    package func visitorBranches(tenant: String, linkID: String?, from: String?, to: String?, today: String) -> [String]
    {
        let kept = Self.branch(
            "kept", key: "day", clicks: "max(clicks)", visitors: "argMax(visitors, clicks)",
            from: "\(database).click_visitor_days",
            where: Self.scope(tenant: tenant, linkID: linkID ?? Self.wholeTenant, from: from, to: to), groupBy: "day")
        let inRange = (from.map { today >= $0 } ?? true) && (to.map { today <= $0 } ?? true)
        return inRange ? [kept, todayBranch(tenant: tenant, linkID: linkID, today: today)] : [kept]
    }

    /// The branch of today's people's clicks and unique visitors, counted from the day's events
    /// (one range of `click_events`' primary key per link) rather than merged from states:
    /// reading a state means reading its whole granule of `click_daily`, which holds a busy
    /// link's other days' large states too (three times slower at 10,000,000 clicks).
    private func todayBranch(tenant: String, linkID: String?, today: String) -> String {
        let links = linkID.map { "link_id = \(ClickHouseClient.literal($0))" } ?? "link_id != ''"
        let start = ClickHouseClient.literal(today + " 00:00:00")
        let end = ClickHouseClient.literal(today + " 23:59:59")
        return Self.branch(
            "today", key: "toDate(time)", clicks: "count()", visitors: "uniqCombinedIf(visitor, visitor != 0)",
            from: "\(database).click_events",
            where: "tenant = \(ClickHouseClient.literal(tenant)) AND \(links) AND is_bot = 0"
                + " AND time >= toDateTime(\(start), 'UTC') AND time <= toDateTime(\(end), 'UTC')",
            groupBy: "toDate(time)")
    }

    /// The unique visitors of a link (or, with `linkID` `nil`, of the tenant's links together)
    /// on each day of `clicksByDay` (`YYYY-MM-DD` → people's clicks that day as `click_daily`
    /// counts them now), from `reads`.
    ///
    /// A day before `today` whose kept count was made from as many clicks is read as a number;
    /// the others (a day not counted yet, or one a late click changed) merge their visitor
    /// states, and keep the new count for the next call.
    package func visitorsByDay(
        tenant: String, linkID: String?, clicksByDay: [String: Int], today: String, reads: VisitorReads
    ) async throws -> [String: Int] {
        var visitors: [String: Int] = [:]
        for (day, count) in reads.today where clicksByDay[day] != nil { visitors[day] = count.visitors }
        for (day, count) in reads.kept where day < today && clicksByDay[day] == count.clicks {
            visitors[day] = count.visitors
        }
        let open = clicksByDay.keys.filter { visitors[$0] == nil }.sorted()
        guard !open.isEmpty else { return visitors }
        let counts = try await statsRows([mergedBranch("merged", tenant: tenant, linkID: linkID, days: open)])
        var finished: [String] = []
        for count in counts {
            visitors[count.key] = count.visitors
            if count.key < today {
                let values = [tenant, linkID ?? Self.wholeTenant, count.key].map(ClickHouseClient.literal)
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

    /// The branch of people's clicks and unique visitors on `days`, merged from `click_daily`'s
    /// states in one read (a count is kept with the clicks it saw).
    private func mergedBranch(_ kind: String, tenant: String, linkID: String?, days: [String]) -> String {
        let links = linkID.map { "link_id = \(ClickHouseClient.literal($0))" } ?? "link_id != ''"
        let list = days.map { "toDate(\(ClickHouseClient.literal($0)))" }.joined(separator: ", ")
        return Self.branch(
            kind, key: "day", clicks: "countMerge(clicks)", visitors: "uniqCombinedMerge(visitors)",
            from: "\(database).click_daily",
            where: "tenant = \(ClickHouseClient.literal(tenant)) AND \(links) AND is_bot = 0 AND day IN (\(list))",
            groupBy: "day")
    }
}
