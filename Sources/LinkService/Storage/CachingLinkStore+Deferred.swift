extension CachingLinkStore {
    // Deferred deep links touch no cached link: straight to the store.

    func claimSecrets() async throws -> [ClaimSecret] { try await base.claimSecrets() }

    func insertClaimSecret(_ secret: ClaimSecret) async throws -> Bool { try await base.insertClaimSecret(secret) }

    func recordClaim(_ claim: DeferredClaim) async throws -> Bool { try await base.recordClaim(claim) }

    func deferredFunnel(tenant: String, linkID: String) async throws -> DeferredFunnel {
        try await base.deferredFunnel(tenant: tenant, linkID: linkID)
    }
}
