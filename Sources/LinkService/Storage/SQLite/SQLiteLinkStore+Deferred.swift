import Foundation
import SQLiteNIO

extension SQLiteLinkStore {
    public func claimSecrets() async throws -> [ClaimSecret] {
        try await read("SELECT key_id, secret, created_at, retired_at FROM claim_secrets ORDER BY key_id")
            .compactMap { row in
                guard let keyID = row.column("key_id")?.integer,
                    let secret = row.column("secret")?.string.flatMap(Hex.bytes(of:))
                else { return nil }
                return ClaimSecret(
                    keyID: keyID, secret: secret,
                    createdAt: Date(millisecondsSince1970: row.column("created_at")?.integer ?? 0),
                    retiredAt: row.column("retired_at")?.integer.map(Date.init(millisecondsSince1970:)))
            }
    }

    public func insertClaimSecret(_ secret: ClaimSecret) async throws -> Bool {
        try await write { writer in
            var inserted = false
            try await Self.transaction(writer) {
                let rows = try await writer.query(
                    "INSERT INTO claim_secrets (key_id, secret, created_at) VALUES (?, ?, ?) ON CONFLICT (key_id) DO NOTHING RETURNING key_id",
                    [
                        .integer(secret.keyID), .text(Hex.string(of: secret.secret)),
                        .integer(secret.createdAt.millisecondsSince1970),
                    ])
                guard !rows.isEmpty else { return }
                inserted = true
                let at = SQLiteData.integer(secret.createdAt.millisecondsSince1970)
                _ = try await writer.query(
                    "UPDATE claim_secrets SET retired_at = ? WHERE key_id < ? AND retired_at IS NULL",
                    [at, .integer(secret.keyID)])
                _ = try await writer.query(
                    "DELETE FROM claim_secrets WHERE key_id < (SELECT MAX(key_id) FROM claim_secrets WHERE key_id < ?)",
                    [.integer(secret.keyID)])
            }
            return inserted
        }
    }

    public func recordClaim(_ claim: DeferredClaim) async throws -> Bool {
        try await write { writer in
            let rows = try await writer.query(
                "INSERT INTO deferred_claims (nonce, tenant, link_id, claimed_at) VALUES (?, ?, ?, ?) ON CONFLICT (nonce) DO NOTHING RETURNING nonce",
                [
                    .text(claim.nonce), .text(claim.tenant), .text(claim.linkID),
                    .integer(claim.claimedAt.millisecondsSince1970),
                ])
            return !rows.isEmpty
        }
    }

    public func deferredFunnel(tenant: String, linkID: String) async throws -> DeferredFunnel {
        // As for stats, the tenant check keeps another tenant's link ID from counting anything.
        let rows = try await read(
            """
            SELECT
                (SELECT COALESCE(SUM(count), 0) FROM claims_issued_daily WHERE link_id = ?) AS issued,
                (SELECT COUNT(*) FROM deferred_claims WHERE link_id = ? AND tenant = ?) AS claimed
            WHERE EXISTS (SELECT 1 FROM links WHERE links.id = ? AND links.tenant = ?)
            """,
            [.text(linkID), .text(linkID), .text(tenant), .text(linkID), .text(tenant)])
        guard let row = rows.first else { return DeferredFunnel() }
        return DeferredFunnel(
            issued: row.column("issued")?.integer ?? 0, claimed: row.column("claimed")?.integer ?? 0)
    }

    /// Adds a batch's issued tokens to the funnel (inside the batch's transaction).
    static func addIssuedClaims(of clicks: [Click], on writer: SQLiteConnection) async throws {
        for (key, count) in ClickRollup.issuedClaims(of: clicks) {
            _ = try await writer.query(
                """
                INSERT INTO claims_issued_daily (link_id, day, count) VALUES (?, ?, ?)
                ON CONFLICT (link_id, day) DO UPDATE SET count = count + excluded.count
                """,
                [.text(key.linkID), .text(key.day), .integer(count)])
        }
    }

    /// Forgets a deleted link's funnel (inside the delete's transaction).
    static func deleteDeferred(linkID: String, on writer: SQLiteConnection) async throws {
        _ = try await writer.query("DELETE FROM claims_issued_daily WHERE link_id = ?", [.text(linkID)])
        _ = try await writer.query("DELETE FROM deferred_claims WHERE link_id = ?", [.text(linkID)])
    }
}
