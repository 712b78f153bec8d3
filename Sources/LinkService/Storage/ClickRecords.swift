/// A store's clicks and the rollups stats are read from.
package protocol ClickRecords: Sendable {
    /// Stores a batch of clicks and adds them to the daily rollups (and the claim tokens they
    /// issued to the deferred funnel, see ``ClickRollup/issuedClaims(of:)``), all in one transaction.
    func insertClicks(_ clicks: [Click]) async throws
    /// Counts of one link's clicks from the daily rollups, with its deferred funnel.
    func stats(tenant: String, linkID: String) async throws -> LinkStats
    /// One link's people's clicks per platform since the UTC day `days` (days since 1970) began,
    /// and the deferred deep links claimed since then (Firebase's link stats).
    func linkEvents(tenant: String, linkID: String, sinceDay days: Int) async throws -> LinkEventCounts
}
