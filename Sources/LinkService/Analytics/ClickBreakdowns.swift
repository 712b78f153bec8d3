/// What the analytics engine tells of a link beyond the rollups' ``LinkStats``: visitors per
/// day, and people's clicks per country, browser, OS, hour of the day (UTC), rule and variant.
struct ClickBreakdowns: Sendable, Hashable {
    /// `YYYY-MM-DD` → unique visitors that day.
    var visitorsByDay: [String: Int] = [:]
    var countries: [String: Int] = [:]
    var browsers: [String: Int] = [:]
    var os: [String: Int] = [:]
    /// `"0"`…`"23"` → clicks in that UTC hour.
    var hours: [String: Int] = [:]
    /// Rule index → clicks it decided.
    var rules: [Int: Int] = [:]
    /// Variant index → clicks sent to it.
    var variants: [Int: Int] = [:]

    /// Unique visitors over the range: the sum of each day's, since a visitor's key changes
    /// every day (the same person on two days counts twice, by design: see ``VisitorKeys``).
    var visitors: Int { visitorsByDay.values.reduce(0, +) }
}
