import Foundation
import PostgresNIO

extension PostgresLinkStore {
    public func claimSecrets() async throws -> [ClaimSecret] {
        try await withConnection { [logger] connection in
            try await connection.query(
                "SELECT key_id, secret, created_at, retired_at FROM claim_secrets ORDER BY key_id", logger: logger
            ).collect().compactMap { row in
                let (keyID, secret, createdAt, retiredAt) = try row.decode((Int, String, Int, Int?).self)
                guard let bytes = Hex.bytes(of: secret) else { return nil }
                return ClaimSecret(
                    keyID: keyID, secret: bytes, createdAt: Date(millisecondsSince1970: createdAt),
                    retiredAt: retiredAt.map(Date.init(millisecondsSince1970:)))
            }
        }
    }

    public func insertClaimSecret(_ secret: ClaimSecret) async throws -> Bool {
        try await withConnection { [logger] connection in
            try await Self.transaction(connection, logger: logger) {
                let at = secret.createdAt.millisecondsSince1970
                let inserted = try await connection.query(
                    """
                    INSERT INTO claim_secrets (key_id, secret, created_at) VALUES (\(secret.keyID), \(Hex.string(of: secret.secret)), \(at))
                    ON CONFLICT (key_id) DO NOTHING RETURNING key_id
                    """,
                    logger: logger
                ).collect()
                guard !inserted.isEmpty else { return false }
                try await connection.query(
                    "UPDATE claim_secrets SET retired_at = \(at) WHERE key_id < \(secret.keyID) AND retired_at IS NULL",
                    logger: logger)
                try await connection.query(
                    "DELETE FROM claim_secrets WHERE key_id < (SELECT MAX(key_id) FROM claim_secrets WHERE key_id < \(secret.keyID))",
                    logger: logger)
                return true
            }
        }
    }

    public func recordClaim(_ claim: DeferredClaim) async throws -> Bool {
        try await withConnection { [logger] connection in
            // The primary key decides between instances racing on one token: one insert wins.
            let rows = try await connection.query(
                """
                INSERT INTO deferred_claims (nonce, tenant, link_id, claimed_at)
                VALUES (\(claim.nonce), \(claim.tenant), \(claim.linkID), \(claim.claimedAt.millisecondsSince1970))
                ON CONFLICT (nonce) DO NOTHING RETURNING nonce
                """,
                logger: logger
            ).collect()
            return !rows.isEmpty
        }
    }

    public func deferredFunnel(tenant: String, linkID: String) async throws -> DeferredFunnel {
        try await withConnection { [logger] connection in
            let row = try await connection.query(
                """
                SELECT
                    (SELECT COALESCE(SUM(count), 0)::bigint FROM claims_issued_daily WHERE link_id = \(linkID)),
                    (SELECT COUNT(*)::bigint FROM deferred_claims WHERE link_id = \(linkID) AND tenant = \(tenant))
                WHERE EXISTS (SELECT 1 FROM links WHERE links.id = \(linkID) AND links.tenant = \(tenant))
                """,
                logger: logger
            ).collect().first
            guard let counts = try row?.decode((Int, Int).self) else { return DeferredFunnel() }
            return DeferredFunnel(issued: counts.0, claimed: counts.1)
        }
    }

    /// Adds a batch's issued tokens to the funnel (inside the batch's transaction), rows in one
    /// order so that instances adding to the same rows cannot deadlock.
    static func addIssuedClaims(of clicks: [Click], on connection: PostgresConnection, logger: Logger) async throws {
        let issued = ClickRollup.issuedClaims(of: clicks).sorted {
            ($0.key.linkID, $0.key.day) < ($1.key.linkID, $1.key.day)
        }
        for (key, count) in issued {
            _ = try await connection.statement(
                """
                INSERT INTO claims_issued_daily (link_id, day, count) VALUES (\(key.linkID), \(key.day), \(count))
                ON CONFLICT (link_id, day) DO UPDATE SET count = claims_issued_daily.count + excluded.count
                """,
                logger: logger)
        }
    }

    /// Forgets a deleted link's funnel (inside the delete's transaction).
    static func deleteDeferred(linkID: String, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("DELETE FROM claims_issued_daily WHERE link_id = \(linkID)", logger: logger)
        try await connection.query("DELETE FROM deferred_claims WHERE link_id = \(linkID)", logger: logger)
    }
}
