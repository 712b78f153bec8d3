/// Where the link service keeps links, API keys, clicks, deferred claims and console sessions: one
/// protocol per concern (``LinkRecords``, ``APIKeyRecords``, ``ClickRecords``,
/// ``DeferredRecords``, ``SessionRecords``, ``WebhookRecords``, ``DomainRecords``,
/// ``PersonRecords``), and this one for the whole store.
///
/// Implementations must be safe to call concurrently. Every write is committed before the call
/// returns. ``migrate()`` brings the schema to the current version and is safe to call at every
/// start-up. The same conformance suite runs against every implementation (SQLite, PostgreSQL,
/// memory).
package protocol LinkStore: LinkRecords, APIKeyRecords, ClickRecords, DeferredRecords, SessionRecords,
    WebhookRecords, DomainRecords, AuditRecords, DomainHealthRecords, PersonRecords, EventRecords, ExportRecords
{
    /// Applies the schema migrations that have not run yet, each once, in order.
    func migrate() async throws

    /// Closes the store; no call may follow.
    func close() async throws
}
