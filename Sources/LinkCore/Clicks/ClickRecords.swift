/// A store's clicks and the rollups stats are read from.
package protocol ClickRecords: Sendable {
    /// Stores a batch of clicks and adds them to the daily rollups (and the claim tokens they
    /// issued to the deferred funnel, see ``ClickRollup/issuedClaims(of:)``), all in one
    /// transaction, with a `link.clicked` webhook message for each click and endpoint that
    /// subscribes to them, unless the outbox holds `clickEventLimit` undelivered click messages
    /// already (then the message is dropped and counted in the outcome).
    @discardableResult
    func insertClicks(_ clicks: [Click], clickEventLimit: Int) async throws -> ClickBatchOutcome
    /// Counts of one link's clicks from the daily rollups, with its deferred funnel.
    func stats(tenant: String, linkID: String) async throws -> LinkStats
    /// One link's people's clicks from each app's in-app browser over every day (``LinkStats/inApp``
    /// alone: what stats read from an analytics engine take from the main database).
    func inAppClicks(tenant: String, linkID: String) async throws -> [String: Int]
    /// One link's people's clicks per platform since the UTC day `days` (days since 1970) began,
    /// and the deferred deep links claimed since then (Firebase's link stats).
    func linkEvents(tenant: String, linkID: String, sinceDay days: Int) async throws -> LinkEventCounts
    /// The tenant's stored click with this id; `nil` for an unknown id or another tenant's click.
    func click(tenant: String, id: ClickID) async throws -> ClickReference?
}

extension ClickRecords {
    /// Stores a batch of clicks (see ``insertClicks(_:clickEventLimit:)``) with the default bound
    /// of click events in the webhook outbox.
    package func insertClicks(_ clicks: [Click]) async throws {
        try await insertClicks(clicks, clickEventLimit: WebhookSettings.defaultClickEventLimit)
    }
}
