import LinkCore

extension SQLStore {
    package func claimSecrets() async throws -> [ClaimSecret] {
        try await read("SELECT key_id, secret, created_at, retired_at FROM claim_secrets ORDER BY key_id")
            .compactMap { row in
                let row = RowReader(row: row, table: "claim_secrets", key: ["key_id"])
                guard let secret = Hex.bytes(of: try row.read("secret")) else { return nil }
                return ClaimSecret(
                    keyID: try row.read("key_id"), secret: secret, createdAt: try row.read("created_at"),
                    retiredAt: try row.read("retired_at"))
            }
    }

    package func insertClaimSecret(_ secret: ClaimSecret) async throws -> Bool {
        try await write(.transaction) { session in
            let inserted = try await session.run(
                """
                INSERT INTO claim_secrets (key_id, secret, created_at)
                VALUES (\(secret.keyID), \(Hex.string(of: secret.secret)), \(secret.createdAt))
                ON CONFLICT (key_id) DO NOTHING RETURNING key_id
                """)
            guard !inserted.isEmpty else { return false }
            try await session.run(
                """
                UPDATE claim_secrets SET retired_at = \(secret.createdAt)
                WHERE key_id < \(secret.keyID) AND retired_at IS NULL
                """)
            try await session.run(
                """
                DELETE FROM claim_secrets
                WHERE key_id < (SELECT MAX(key_id) FROM claim_secrets WHERE key_id < \(secret.keyID))
                """)
            return true
        }
    }

    package func recordClaim(_ claim: DeferredClaim) async throws -> Bool {
        // The primary key decides between instances racing on one token: one insert wins.
        // The `deferred.claimed` webhook event is queued in the same transaction.
        try await write(.transaction) { session in
            let inserted = try await session.run(
                """
                INSERT INTO deferred_claims (nonce, tenant, link_id, claimed_at, platform)
                VALUES (\(claim.nonce), \(claim.tenant), \(claim.linkID), \(claim.claimedAt),
                    \(SQLValue(claim.platform?.rawValue)))
                ON CONFLICT (nonce) DO NOTHING RETURNING nonce
                """)
            guard !inserted.isEmpty else { return false }
            let row = LinkRow.description
            if let stored = try await session.run(
                "SELECT \(raw: row.columnList) FROM links WHERE id = \(claim.linkID) AND tenant = \(claim.tenant)"
            ).first {
                try await Self.enqueue(
                    WebhookPayload.claimEvent(claim, of: try row.record(from: stored), at: claim.claimedAt), on: session
                )
            }
            return true
        }
    }

    package func deferredFunnel(tenant: String, linkID: String) async throws -> DeferredFunnel {
        // As for stats, the tenant check keeps another tenant's link ID from counting anything.
        let rows = try await read(
            """
            SELECT
                (SELECT CAST(COALESCE(SUM(count), 0) AS bigint) FROM claims_issued_daily WHERE link_id = \(linkID))
                    AS issued,
                (SELECT COUNT(*) FROM deferred_claims WHERE link_id = \(linkID) AND tenant = \(tenant)) AS claimed
            WHERE EXISTS (SELECT 1 FROM links WHERE links.id = \(linkID) AND links.tenant = \(tenant))
            """)
        guard let row = rows.first else { return DeferredFunnel() }
        let reader = RowReader(row: row, table: "claims_issued_daily", key: [])
        return DeferredFunnel(issued: try reader.read("issued"), claimed: try reader.read("claimed"))
    }
}
