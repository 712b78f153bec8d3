import Foundation

/// A store's audit log: appended to and read, never changed. There is no update path and no
/// delete path but ``pruneAudit(before:)``, which only drops entries past the retention.
package protocol AuditRecords: Sendable {
    /// Appends an entry (its ``AuditEntry/id`` is the store's to give).
    func appendAudit(_ entry: AuditEntry) async throws
    /// One tenant's entries matching `query`, newest first, at most `limit`, those with an id below
    /// `before` when it is given (the cursor of the page before).
    func auditEntries(tenant: String, query: AuditQuery, before: Int?, limit: Int) async throws -> [AuditEntry]
    /// Drops the entries older than `date` (the retention); returns how many.
    func pruneAudit(before date: Date) async throws -> Int
}

/// Which audit entries a reader wants: every field optional, all that are given must match.
package struct AuditQuery: Sendable, Hashable {
    /// ``AuditEntry/actor``, exactly.
    package var actor: String?
    /// ``AuditEntry/target``, exactly.
    package var target: String?
    /// Entries at or after this time.
    package var since: Date?

    package init(actor: String? = nil, target: String? = nil, since: Date? = nil) {
        self.actor = actor
        self.target = target
        self.since = since
    }
}
