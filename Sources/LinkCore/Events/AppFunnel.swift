import Foundation

/// What people did after the click, step by step: people's clicks → sent to a store (given a
/// claim token) → installs (claimed or reported) → opens → each other event, with the revenue per
/// currency of every event. For a tenant, or one of its links.
package struct AppFunnel: Sendable, Hashable {
    package var clicks: Int
    package var sentToStore: Int
    /// The larger of the claims and the `install` events: an app that claims its token and
    /// reports its install tells of one install twice.
    package var installs: Int
    /// `open` and `reopen` events.
    package var opens: Int
    /// Every other event name (`signup`, `purchase`, the app's own) → its totals.
    package var events: [String: EventTotals]
    /// ISO 4217 code → the sum of every event's value in it.
    package var revenue: [String: Double]

    /// A value with every stored property given.
    package init(
        clicks: Int = 0, sentToStore: Int = 0, installs: Int = 0, opens: Int = 0, events: [String: EventTotals] = [:],
        revenue: [String: Double] = [:]
    ) {
        self.clicks = clicks
        self.sentToStore = sentToStore
        self.installs = installs
        self.opens = opens
        self.events = events
        self.revenue = revenue
    }

    /// The funnel from the counts every store reads: people's clicks, tokens issued, claims, and
    /// the events' totals per name.
    package init(clicks: Int, sentToStore: Int, claims: Int, totals: [String: EventTotals]) {
        self.init(clicks: clicks, sentToStore: sentToStore)
        installs = max(claims, totals[AppEventName.install]?.count ?? 0)
        opens = (totals[AppEventName.open]?.count ?? 0) + (totals[AppEventName.reopen]?.count ?? 0)
        for (name, total) in totals {
            for (currency, value) in total.value { revenue[currency, default: 0] += value }
            if ![AppEventName.install, AppEventName.open, AppEventName.reopen].contains(name) { events[name] = total }
        }
    }

    /// The funnel of `steps` and the events' totals per name.
    package init(_ steps: FunnelSteps, totals: [String: EventTotals]) {
        self.init(clicks: steps.clicks, sentToStore: steps.sentToStore, claims: steps.claims, totals: totals)
    }

    /// The instants a stats range of days (`YYYY-MM-DD`, open ends allowed) covers: from the
    /// first day's start to the day after the last.
    package static func instants(from: String?, to: String?) -> (start: Date, end: Date) {
        let start = from.flatMap { ISO8601.date(from: $0 + "T00:00:00Z") } ?? Date(timeIntervalSince1970: 0)
        let end =
            to.flatMap { ISO8601.date(from: $0 + "T00:00:00Z") }.map { $0.addingTimeInterval(86_400) }
            ?? Date(timeIntervalSince1970: 253_402_300_800)
        return (start, end)
    }
}
