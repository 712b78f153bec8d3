/// A store's app events (``AppEvent``): written in batches by the event flusher, read by stats
/// and by the dedupe check.
package protocol EventRecords: Sendable {
    /// Stores a batch of events in one transaction. An event whose dedupe key its tenant has
    /// stored already is skipped (the first one stands); each attributed event that is stored
    /// queues an `event.created` webhook message for each endpoint that subscribes to it.
    func insertEvents(_ events: [AppEvent]) async throws
    /// The tenant's event stored with this dedupe key.
    func event(tenant: String, dedupeKey: String) async throws -> AppEvent?
    /// One link's events per name (``LinkStats``' `events`); another tenant's link has none.
    func eventTotals(tenant: String, linkID: String) async throws -> [String: EventTotals]
    /// The tenant's funnel (or one of its links', given `linkID`) on the days from `from` to `to`
    /// (`YYYY-MM-DD`, either end open): clicks and tokens from the daily rollups, claims and
    /// events by when they happened.
    func funnel(tenant: String, linkID: String?, from: String?, to: String?) async throws -> AppFunnel
    /// ``funnel(tenant:linkID:from:to:)`` without the events: what the analytics engine's funnel
    /// takes from the main database (the claims, which only it keeps).
    func funnelSteps(tenant: String, linkID: String?, from: String?, to: String?) async throws -> FunnelSteps
}
