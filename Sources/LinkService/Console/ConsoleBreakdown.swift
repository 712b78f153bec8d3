import LinkCore

/// One of the link page's analytics-engine sections (visitors by day, countries, browsers, OS,
/// hours of the day): a table of counts with a bar per row drawn on the server, each bar's share of
/// the largest count as a width out of 100 (the table is the chart's text alternative: the bars
/// are `aria-hidden`).
package struct ConsoleBreakdown: Sendable {
    package struct Row: Sendable {
        package var name: String
        package var count: Int
        /// 0…100: the bar's width in the `viewBox` of 100.
        package var share: Int
    }

    /// The section's `id` stem (`countries`), for its heading's `id`.
    package var id: String
    package var heading: String
    /// The first column's header ("Country").
    package var column: String
    /// The second column's header ("Clicks", "Visitors").
    package var unit: String
    package var rows: [Row]
    package var hasRows: Bool

    package init(id: String, heading: String, column: String, unit: String = "Clicks", counts: [(String, Int)]) {
        self.id = id
        self.heading = heading
        self.column = column
        self.unit = unit
        let largest = max(1, counts.map(\.1).max() ?? 1)
        rows = counts.map { Row(name: $0.0, count: $0.1, share: max(1, $0.1 * 100 / largest)) }
        hasRows = !rows.isEmpty
    }

    /// The sections for what the analytics engine counted: visitors by day (newest first), then
    /// countries, browsers and OS (most clicks first) and hours (0 to 23, UTC).
    package static func sections(of breakdowns: ClickBreakdowns) -> [ConsoleBreakdown] {
        func mostFirst(_ counts: [String: Int]) -> [(String, Int)] {
            counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
        }
        return [
            ConsoleBreakdown(
                id: "visitors", heading: "Visitors by day", column: "Day (UTC)", unit: "Visitors",
                counts: breakdowns.visitorsByDay.sorted { $0.key > $1.key }.map { ($0.key, $0.value) }),
            ConsoleBreakdown(
                id: "countries", heading: "Countries", column: "Country", counts: mostFirst(breakdowns.countries)),
            ConsoleBreakdown(
                id: "browsers", heading: "Browsers", column: "Browser", counts: mostFirst(breakdowns.browsers)),
            ConsoleBreakdown(id: "os", heading: "Operating systems", column: "OS", counts: mostFirst(breakdowns.os)),
            ConsoleBreakdown(
                id: "hours", heading: "Hours of the day (UTC)", column: "Hour",
                counts: breakdowns.hours.compactMap { key, count in Int(key).map { ($0, count) } }
                    .sorted { $0.0 < $1.0 }.map { ($0.0 < 10 ? "0\($0.0):00" : "\($0.0):00", $0.1) }),
        ]
    }
}
