import Foundation

/// How API keys, console sessions and clicks are stored: each table's columns, listed once.
enum StoredRows {
    static let apiKey = RowDescription<APIKeyRecord>(
        table: "api_keys", key: ["prefix"],
        columns: [
            .init("hash", \.hash), .init("prefix", \.prefix), .init("tenant", \.tenant),
            .init("created_at", \.createdAt), .init("revoked_at", \.revokedAt),
        ],
        blank: APIKeyRecord(prefix: "", hash: "", tenant: "", createdAt: Date(timeIntervalSince1970: 0)))

    static let session = RowDescription<ConsoleSession>(
        table: "console_sessions", key: ["tenant", "created_at"],
        columns: [
            .init("id_hash", \.idHash), .init("tenant", \.tenant), .init("key_hash", \.keyHash),
            .init("csrf_token", \.csrfToken), .init("created_at", \.createdAt), .init("last_used_at", \.lastUsedAt),
        ],
        blank: ConsoleSession(
            idHash: "", tenant: "", keyHash: "", csrfToken: "", createdAt: Date(timeIntervalSince1970: 0),
            lastUsedAt: Date(timeIntervalSince1970: 0)))

    /// Clicks are only written (stats read the rollups).
    static let click = RowDescription<Click>(
        table: "clicks", key: ["id"],
        columns: [
            .init("link_id", \.linkID), .init("tenant", \.tenant), .init("time", \.time),
            .init("platform", \.platform), .init("os", \.os), .init("browser", \.browser),
            .init("referrer_host", \.referrerHost), .init("is_bot", \.isBot),
        ] + UTMParameters.names.map { name in .init("utm_" + name, \.utm[name]) },
        blank: Click(linkID: nil, tenant: "", time: Date(timeIntervalSince1970: 0), platform: .other))
}

extension Platform: SQLStorable {
    var sqlValue: SQLValue { .text(rawValue) }

    init?(sqlValue: SQLValue) {
        guard case .text(let name) = sqlValue else { return nil }
        self.init(rawValue: name)
    }
}
