extension ClickRollup {
    /// One row of the per-rule and per-variant counts: a link's people's clicks decided by one of
    /// its rules (`kind` `rule`) or given one of its variants (`variant`).
    package struct ChoiceKey: Sendable, Hashable {
        package var linkID: String
        package var kind: String
        package var index: Int

        package init(linkID: String, kind: String, index: Int) {
            self.linkID = linkID
            self.kind = kind
            self.index = index
        }

        package static let rule = "rule"
        package static let variant = "variant"
    }

    /// The per-rule and per-variant increments of a batch; bots are not counted, as in
    /// ``LinkStats/clicks``.
    package static func choices(of clicks: [Click]) -> [ChoiceKey: Int] {
        var counts: [ChoiceKey: Int] = [:]
        for click in clicks where !click.isBot {
            guard let linkID = click.linkID else { continue }
            if let rule = click.rule {
                counts[ChoiceKey(linkID: linkID, kind: ChoiceKey.rule, index: rule), default: 0] += 1
            }
            if let variant = click.variant {
                counts[ChoiceKey(linkID: linkID, kind: ChoiceKey.variant, index: variant), default: 0] += 1
            }
        }
        return counts
    }

    /// Adds a link's choice rows (kind, index, count) to its stats.
    package static func add(choices rows: [(kind: String, index: Int, count: Int)], to stats: inout LinkStats) {
        for row in rows {
            switch row.kind {
            case ChoiceKey.rule: stats.ruleClicks[row.index, default: 0] += row.count
            case ChoiceKey.variant: stats.variantClicks[row.index, default: 0] += row.count
            default: break
            }
        }
    }
}
