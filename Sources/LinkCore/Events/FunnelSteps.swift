/// The funnel's steps before the app's events, as the main database counts them: people's
/// clicks, claim tokens issued (sent to a store) and claims. ``AppFunnel`` adds the events.
package struct FunnelSteps: Sendable, Hashable {
    package var clicks: Int
    package var sentToStore: Int
    package var claims: Int

    /// A value with every stored property given.
    package init(clicks: Int = 0, sentToStore: Int = 0, claims: Int = 0) {
        self.clicks = clicks
        self.sentToStore = sentToStore
        self.claims = claims
    }
}
