/// A store's deferred deep links: the secrets that sign claim tokens, the claims, the funnel.
package protocol DeferredRecords: Sendable {
    /// The secrets that sign claim tokens, oldest first (at most the current and the previous one).
    func claimSecrets() async throws -> [ClaimSecret]
    /// Adds `secret` unless its key id is taken (then `false`, and nothing changes): instances
    /// racing to create the first secret, or two rotations at once, end with one winner that all
    /// read back. In the same transaction the secrets before it are retired at its `createdAt`
    /// and all but the newest of them are deleted, so tokens of the previous secret stay valid.
    func insertClaimSecret(_ secret: ClaimSecret) async throws -> Bool
    /// Records a claim token as used; `false` when its nonce was recorded before (by any
    /// instance: a unique constraint decides), so exactly one claim of a token succeeds.
    func recordClaim(_ claim: DeferredClaim) async throws -> Bool
    /// The tenant's link's deferred funnel: tokens issued (from the click batches) and claimed.
    func deferredFunnel(tenant: String, linkID: String) async throws -> DeferredFunnel
}
