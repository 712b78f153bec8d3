/// What the analytics engine tells of a link beyond the rollups' ``LinkStats``: visitors per
/// day, and people's clicks per country, browser, OS, hour of the day (UTC), rule and variant.
package struct ClickBreakdowns: Sendable, Hashable {
    /// `YYYY-MM-DD` → unique visitors that day.
    package var visitorsByDay: [String: Int] = [:]
    package var countries: [String: Int] = [:]
    package var browsers: [String: Int] = [:]
    package var os: [String: Int] = [:]
    /// `"0"`…`"23"` → clicks in that UTC hour.
    package var hours: [String: Int] = [:]
    /// Rule index → clicks it decided.
    package var rules: [Int: Int] = [:]
    /// Variant index → clicks sent to it.
    package var variants: [Int: Int] = [:]

    /// Unique visitors over the range: the sum of each day's, since a visitor's key changes
    /// every day (the same person on two days counts twice, by design: see ``VisitorKeys``).
    package var visitors: Int { visitorsByDay.values.reduce(0, +) }

    /// A value with every stored property given.
    package init(
        visitorsByDay: [String: Int] = [:], countries: [String: Int] = [:], browsers: [String: Int] = [:],
        os: [String: Int] = [:], hours: [String: Int] = [:], rules: [Int: Int] = [:], variants: [Int: Int] = [:]
    ) {
        self.visitorsByDay = visitorsByDay
        self.countries = countries
        self.browsers = browsers
        self.os = os
        self.hours = hours
        self.rules = rules
        self.variants = variants
    }
}
