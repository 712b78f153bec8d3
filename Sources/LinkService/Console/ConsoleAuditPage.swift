import Foundation
import LinkCore

/// The console's "Audit log" page (`console-audit.mustache`), for admins and owners: the tenant's
/// entries, newest first, filtered by "Actor", "Target" and "Since" as `GET /api/v1/audit` is,
/// a page at a time ("Older entries").
package struct ConsoleAuditPage: PageModel {
    package static let template = PageTemplate.consoleAudit

    package struct Row: Sendable {
        package var time: String
        package var actor: String
        package var action: String
        package var target: String
        /// The fields changed, `field: before → after`, one per line.
        package var changes: [String]
        package var address: String?
    }

    package var layout: ConsoleLayout
    package var entries: [Row]
    package var hasEntries: Bool
    package var actor: String
    package var target: String
    package var since: String
    /// Why a filter was refused.
    package var error: String?
    /// The next page's address, when there are older entries.
    package var olderURL: String?

    package static let example = ConsoleAuditPage(
        layout: .example,
        entries: [
            Row(
                time: "2026-01-31T10:00:00Z", actor: "person:ada@example.com", action: "link.updated",
                target: "link:spring", changes: ["title: Spring → Summer"], address: "203.0.113.0")
        ], hasEntries: true, actor: "person:ada@example.com", target: "link:spring", since: "2026-01-01",
        error: "since is \"yesterday\"", olderURL: "/admin/audit?cursor=abc")
}

extension ConsoleAuditPage.Row {
    package init(_ entry: AuditEntry) {
        self.init(
            time: ISO8601.string(from: entry.time), actor: entry.actor, action: entry.action.rawValue,
            target: entry.target,
            changes: entry.changes.map { "\($0.field): \($0.before ?? "—") → \($0.after ?? "—")" },
            address: entry.address)
    }
}
