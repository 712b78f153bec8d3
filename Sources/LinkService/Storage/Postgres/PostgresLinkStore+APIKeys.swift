import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func insertAPIKey(_ key: APIKeyRecord) async throws {
        try await withConnection { [logger] connection in
            try await connection.query(
                """
                INSERT INTO api_keys (hash, prefix, tenant, created_at, revoked_at)
                VALUES (\(key.hash), \(key.prefix), \(key.tenant), \(key.createdAt.millisecondsSince1970), \(key.revokedAt?.millisecondsSince1970))
                """,
                logger: logger)
        }
    }

    public func apiKey(hash: String) async throws -> APIKeyRecord? {
        try await withConnection { [logger] connection in
            try await connection.query("SELECT * FROM api_keys WHERE hash = \(hash)", logger: logger).collect().first
                .map(Self.apiKey(from:))
        }
    }

    public func apiKeys(tenant: String?) async throws -> [APIKeyRecord] {
        try await withConnection { [logger] connection in
            let rows =
                if let tenant {
                    try await connection.query(
                        "SELECT * FROM api_keys WHERE tenant = \(tenant) ORDER BY created_at, prefix", logger: logger)
                } else {
                    try await connection.query("SELECT * FROM api_keys ORDER BY created_at, prefix", logger: logger)
                }
            return try await rows.collect().map(Self.apiKey(from:))
        }
    }

    public func revokeAPIKeys(prefix: String, at date: Date) async throws -> Int {
        try await withConnection { [logger] connection in
            try await connection.query(
                "UPDATE api_keys SET revoked_at = \(date.millisecondsSince1970) WHERE prefix = \(prefix) AND revoked_at IS NULL RETURNING hash",
                logger: logger
            ).collect().count
        }
    }

    private static func apiKey(from row: PostgresRow) throws -> APIKeyRecord {
        let row = row.makeRandomAccess()
        return APIKeyRecord(
            prefix: try row["prefix"].decode(String.self), hash: try row["hash"].decode(String.self),
            tenant: try row["tenant"].decode(String.self),
            createdAt: Date(millisecondsSince1970: try row["created_at"].decode(Int.self)),
            revokedAt: try row["revoked_at"].decode(Int?.self).map(Date.init(millisecondsSince1970:)))
    }
}
