import Foundation
import LinkCore

/// How API keys, console sessions and clicks are stored: each table's columns, listed once.
package enum StoredRows {
    package static let apiKey = RowDescription<APIKeyRecord>(
        table: "api_keys", key: ["prefix"],
        columns: [
            .init("hash", \.hash), .init("prefix", \.prefix), .init("tenant", \.tenant),
            .init("created_at", \.createdAt), .init("revoked_at", \.revokedAt), .init("scopes", \.storedScopes),
            .init("name", \.name), .init("owner", \.owner), .init("last_used_at", \.lastUsedAt),
        ],
        blank: APIKeyRecord(prefix: "", hash: "", tenant: "", createdAt: Date(timeIntervalSince1970: 0)))

    package static let session = RowDescription<ConsoleSession>(
        table: "console_sessions", key: ["tenant", "created_at"],
        columns: [
            .init("id_hash", \.idHash), .init("tenant", \.tenant), .init("key_hash", \.keyHash),
            .init("person_id", \.personID), .init("csrf_token", \.csrfToken), .init("created_at", \.createdAt),
            .init("last_used_at", \.lastUsedAt),
        ],
        blank: ConsoleSession(
            idHash: "", tenant: "", keyHash: "", csrfToken: "", createdAt: Date(timeIntervalSince1970: 0),
            lastUsedAt: Date(timeIntervalSince1970: 0)))

    /// Audit entries, without their `id` (the database numbers them).
    package static let audit = RowDescription<AuditEntry>(
        table: "audit_events", key: ["tenant", "time"],
        columns: [
            .init("tenant", \.tenant), .init("time", \.time), .init("actor", \.actor),
            .init("action", \.storedAction), .init("target", \.target), .init("changes", \.changesText),
            .init("address", \.address),
        ],
        blank: AuditEntry(tenant: "", time: Date(timeIntervalSince1970: 0), actor: "", action: .linkCreated, target: "")
    )

    /// Clicks are only written (stats read the rollups).
    package static let click = RowDescription<Click>(
        table: "clicks", key: ["id"],
        columns: [
            .init("link_id") { SQLValue($0.linkID) }, .init("tenant") { .text($0.tenant) },
            .init("time") { $0.time.sqlValue }, .init("platform") { .text($0.platform.rawValue) },
            .init("os") { SQLValue($0.os) }, .init("browser") { SQLValue($0.browser) },
            .init("referrer_host") { SQLValue($0.referrerHost) }, .init("is_bot") { .bool($0.isBot) },
            .init("in_app") { SQLValue($0.inApp?.name) }, .init("click_id") { .text($0.id.text) },
        ] + UTMParameters.names.map { name in .init("utm_" + name) { SQLValue($0.utm[name]) } },
        blank: Click(linkID: nil, tenant: "", time: Date(timeIntervalSince1970: 0), platform: .other))
}

extension APIKeyRecord {
    /// The scopes as the `scopes` column holds them: names, space-separated.
    package var storedScopes: String {
        get { Scope.text(of: scopes) }
        set { scopes = Scope.parse(newValue) }
    }
}

extension AuditEntry {
    /// The action as the `action` column holds it; a name this build does not know reads as
    /// ``AuditAction/linkUpdated`` rather than failing the whole page.
    package var storedAction: String {
        get { action.rawValue }
        set { action = AuditAction(rawValue: newValue) ?? .linkUpdated }
    }
}
