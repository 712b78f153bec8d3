/// A link's deferred deep link funnel: claim tokens issued to visitors sent to a store, and the
/// ones an app claimed after its install (the stats' `"deferred"` object).
package struct DeferredFunnel: Sendable, Hashable {
    package var issued: Int
    package var claimed: Int

    package init(issued: Int = 0, claimed: Int = 0) {
        self.issued = issued
        self.claimed = claimed
    }
}
