extension ClickRollup {
    /// One row of the issued-token rollup: a link's tokens of one UTC day.
    package struct IssuedKey: Sendable, Hashable {
        package var linkID: String
        package var day: String

        package init(linkID: String, day: String) {
            self.linkID = linkID
            self.day = day
        }
    }

    /// How many claim tokens a batch of clicks issued, per link and day: the funnel's `issued`
    /// travels with the clicks, so issuing a token costs no write of its own.
    package static func issuedClaims(of clicks: [Click]) -> [IssuedKey: Int] {
        var counts: [IssuedKey: Int] = [:]
        for click in clicks where click.claimIssued {
            guard let linkID = click.linkID else { continue }
            counts[IssuedKey(linkID: linkID, day: click.day), default: 0] += 1
        }
        return counts
    }
}
