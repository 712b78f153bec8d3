import LinkCore

extension ConsoleBreakdown {
    /// The link page's "After the click" section: people's clicks, those sent to a store,
    /// installs, opens and each other event, as bars of the clicks' width (each event's revenue
    /// in its row's name); `nil` before any app event or token.
    package static func funnel(_ funnel: AppFunnel) -> ConsoleBreakdown? {
        guard funnel.sentToStore > 0 || funnel.installs > 0 || funnel.opens > 0 || !funnel.events.isEmpty else {
            return nil
        }
        var steps: [(String, Int)] = [
            ("People's clicks", funnel.clicks), ("Sent to a store", funnel.sentToStore), ("Installs", funnel.installs),
            ("Opens", funnel.opens),
        ]
        for (name, totals) in funnel.events.sorted(by: { ($1.value.count, $0.key) < ($0.value.count, $1.key) }) {
            let revenue = totals.value.sorted { $0.key < $1.key }.map { "\($0.key) \(AppEvent.numberText($0.value))" }
            steps.append((revenue.isEmpty ? name : "\(name) (\(revenue.joined(separator: ", ")))", totals.count))
        }
        return ConsoleBreakdown(id: "funnel", heading: "After the click", column: "Step", unit: "Count", counts: steps)
    }
}
