import LinkCore

extension SQLStore {
    package func linkEvents(tenant: String, linkID: String, sinceDay days: Int) async throws -> LinkEventCounts {
        let start = LinkEventCounts.start(ofDay: days)
        // Part 0: people's clicks per platform since the day began, from the stored clicks (the
        // rollups keep days and platforms apart, not together; the link's clicks are one range of
        // `clicks_link`); part 1: the claims. As for stats, another tenant's link ID counts nothing.
        let rows = try await read(
            """
            SELECT 0 AS part, platform, COUNT(*) AS count FROM clicks
            WHERE link_id = \(linkID) AND time >= \(start.date) AND is_bot = \(SQLValue.bool(false))
                AND EXISTS (SELECT 1 FROM links WHERE links.id = \(linkID) AND links.tenant = \(tenant))
            GROUP BY platform
            UNION ALL
            SELECT 1 AS part, COALESCE(platform, '') AS platform, COUNT(*) AS count FROM deferred_claims
            WHERE link_id = \(linkID) AND tenant = \(tenant) AND claimed_at >= \(start.date)
            GROUP BY platform
            """)
        // The app's installs, opens and re-opens, per platform of their click.
        let events = try await read(
            """
            SELECT name, COALESCE(platform, '') AS platform, COUNT(*) AS count FROM events
            WHERE link_id = \(linkID) AND tenant = \(tenant) AND occurred_at >= \(start.date)
                AND name IN \(valueList: [.text(AppEventName.install), .text(AppEventName.open), .text(AppEventName.reopen)])
            GROUP BY name, COALESCE(platform, '')
            """)
        var counts = LinkEventCounts()
        for row in rows {
            let row = RowReader(row: row, table: "clicks", key: ["link_id"])
            let count: Int = try row.read("count")
            let platform: String = try row.read("platform")
            if try row.read("part", as: Int.self) == 0 {
                counts.clicks[platform, default: 0] += count
            } else {
                counts.claims[platform, default: 0] += count
            }
        }
        for row in events {
            let row = RowReader(row: row, table: "events", key: ["link_id", "name"])
            counts.appEvents[try row.read("name"), default: [:]][try row.read("platform"), default: 0] +=
                try row.read("count") as Int
        }
        return counts
    }
}
