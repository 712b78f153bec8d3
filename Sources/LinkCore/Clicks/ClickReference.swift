import Foundation

/// A stored click as an event names it: which link it visited and when, for attribution.
package struct ClickReference: Sendable, Hashable {
    package var id: ClickID
    /// `nil` for a route path visited without a stored link.
    package var linkID: String?
    package var time: Date
    package var platform: Platform

    /// A value with every stored property given.
    package init(id: ClickID, linkID: String?, time: Date, platform: Platform) {
        self.id = id
        self.linkID = linkID
        self.time = time
        self.platform = platform
    }
}
