extension ClickRollup {
    /// One row of the per-app counts: a link's people's clicks from one app's in-app browser.
    package struct InAppKey: Sendable, Hashable {
        package var linkID: String
        /// ``InAppBrowser/name``.
        package var app: String

        package init(linkID: String, app: String) {
            self.linkID = linkID
            self.app = app
        }
    }

    /// The per-app increments of a batch: clicks of a link from an in-app browser; bots are not
    /// counted, as in ``LinkStats/clicks``.
    package static func inApp(of clicks: [Click]) -> [InAppKey: Int] {
        var counts: [InAppKey: Int] = [:]
        for click in clicks where !click.isBot {
            guard let linkID = click.linkID, let app = click.inApp else { continue }
            counts[InAppKey(linkID: linkID, app: app.name), default: 0] += 1
        }
        return counts
    }
}
