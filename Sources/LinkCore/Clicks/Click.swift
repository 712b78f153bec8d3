import Foundation

/// One visit of a short link (or of a route path on a tenant domain, then without a link).
package struct Click: Sendable, Hashable {
    /// The click's id, made when it is recorded: the resolve call, the claim answer and
    /// `wf_click` hand it to the app, and events name it.
    package var id: ClickID
    /// `nil` for a route path served without a stored link.
    package var linkID: String?
    package var tenant: String
    package var time: Date
    package var platform: Platform
    /// Operating system family, such as `iOS`, `Android`, `macOS`, `Windows`; `nil` when unknown.
    package var os: String?
    /// Browser family, such as `Safari`, `Chrome`, `Firefox`, or the in-app browser's app
    /// (``ClientInfo/browser``); `nil` when unknown.
    package var browser: String?
    /// The app whose in-app browser the visit came from, when one did.
    package var inApp: InAppBrowser?
    /// Host of the `Referer`, lowercased; `nil` when absent.
    package var referrerHost: String?
    package var isBot: Bool
    package var utm: UTMParameters
    /// Whether the visit was given a deferred deep link claim token (sent to a store).
    package var claimIssued: Bool
    /// The visitor's key of the day (Documentation/Analytics.md): only when an analytics engine is
    /// configured; never stored in the main database's clicks.
    package var visitorKey: UInt64?
    /// ISO 3166-1 alpha-2 country of the visitor, when known.
    package var country: String?
    /// Index of the link's rule that decided the visit, when one did.
    package var rule: Int?
    /// Index of the link's A/B variant the visitor was sent to, when there was one.
    package var variant: Int?

    package init(
        linkID: String?, tenant: String, time: Date, platform: Platform, os: String? = nil, browser: String? = nil,
        referrerHost: String? = nil, isBot: Bool = false, utm: UTMParameters = UTMParameters(),
        claimIssued: Bool = false, visitorKey: UInt64? = nil, country: String? = nil, rule: Int? = nil,
        variant: Int? = nil, inApp: InAppBrowser? = nil, id: ClickID = .random()
    ) {
        self.id = id
        self.inApp = inApp
        self.visitorKey = visitorKey
        self.country = country
        self.rule = rule
        self.variant = variant
        self.linkID = linkID
        self.tenant = tenant
        self.time = time
        self.platform = platform
        self.os = os
        self.browser = browser
        self.referrerHost = referrerHost
        self.isBot = isBot
        self.utm = utm
        self.claimIssued = claimIssued
    }

    /// The UTC day of the click, `YYYY-MM-DD`: the key of the daily rollups.
    package var day: String { Click.day(of: time) }

    /// The UTC day of `date`, `YYYY-MM-DD`.
    package static func day(of date: Date) -> String {
        Click.dayText(daysSince1970: dayNumber(of: date))
    }

    /// The UTC day of `date` as days since 1970-01-01.
    package static func dayNumber(of date: Date) -> Int {
        Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
    }

    /// The day's text from a day count: no calendar or formatter on the flush path.
    package static func dayText(daysSince1970 days: Int) -> String {
        let (year, month, day) = ISO8601.civil(days: days)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(year)-\(two(month))-\(two(day))"
    }
}
