import Foundation

/// Where the link service keeps links, API keys and clicks.
///
/// Implementations must be safe to call concurrently. Every write is committed before the call
/// returns: a link acknowledged with `201` survives a crash. Slugs are unique per tenant, and every
/// read or change names the tenant, so one tenant's key can never reach another tenant's links.
/// ``migrate()`` brings the schema to the current version and is safe to call at every start-up.
/// The same conformance suite runs against every implementation (SQLite here, PostgreSQL for
/// several instances).
public protocol LinkStore: Sendable {
    /// Applies the schema migrations that have not run yet, each once, in order.
    func migrate() async throws

    /// Stores a new link unless the tenant already has one with its slug.
    func insertLink(_ link: Link) async throws -> LinkInsertion
    /// Stores several new links in one transaction, each as ``insertLink(_:)`` would, in order
    /// (a slug that appears twice finds the first as taken); one result per link. Nothing is
    /// written when the call throws.
    func insertLinks(_ links: [Link]) async throws -> [LinkInsertion]
    /// The tenant's link with this slug.
    func link(tenant: String, slug: String) async throws -> Link?
    /// Replaces the tenant's link that has `link.slug`; `false` when there is none.
    func updateLink(_ link: Link) async throws -> Bool
    /// Deletes the tenant's link with this slug and its clicks; `false` when there is none.
    func deleteLink(tenant: String, slug: String) async throws -> Bool
    /// The tenant's links in creation order, `limit` at most, after the link `cursor` points at.
    /// Throws ``LinkStoreError/invalidCursor(_:)`` for a cursor this store did not hand out.
    func links(tenant: String, after cursor: String?, limit: Int) async throws -> LinkPage
    /// The tenant's links whose slug, destination, social title or Firebase name
    /// (``FirebaseParameters/linkName``) contains `text` (ignoring ASCII case; every link when
    /// `text` is empty), newest first, `limit` at most, older than the link `cursor` points at.
    /// Throws ``LinkStoreError/invalidCursor(_:)`` for a cursor this store did not hand out.
    func searchLinks(tenant: String, matching text: String, before cursor: String?, limit: Int) async throws
        -> LinkPage

    func insertAPIKey(_ key: APIKeyRecord) async throws
    /// The key with this SHA-256 (lowercase hex), revoked or not.
    func apiKey(hash: String) async throws -> APIKeyRecord?
    /// All keys, or one tenant's, oldest first.
    func apiKeys(tenant: String?) async throws -> [APIKeyRecord]
    /// Revokes the keys with this prefix that are not revoked yet; returns how many.
    func revokeAPIKeys(prefix: String, at date: Date) async throws -> Int

    /// Stores a batch of clicks and adds them to the daily rollups (and the claim tokens they
    /// issued to the deferred funnel, see ``ClickRollup/issuedClaims(of:)``), all in one transaction.
    func insertClicks(_ clicks: [Click]) async throws
    /// Counts of one link's clicks from the daily rollups, with its deferred funnel.
    func stats(tenant: String, linkID: String) async throws -> LinkStats
    /// One link's people's clicks per platform on the UTC days from `days` (days since 1970)
    /// onward, and the deferred deep links claimed since that day began (Firebase's link stats).
    func linkEvents(tenant: String, linkID: String, sinceDay days: Int) async throws -> LinkEventCounts
    /// How many clicks are stored for the tenant (all links and route paths, people and bots).
    /// It reads every stored click (no index serves it): for tests and occasional checks, not for
    /// a request path.
    func clickCount(tenant: String) async throws -> Int

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
    /// Stores a new console session.
    func insertSession(_ session: ConsoleSession) async throws
    /// The session whose id has this SHA-256 (lowercase hex).
    func session(idHash: String) async throws -> ConsoleSession?
    /// Records a request of the session at `date` (its idle expiry counts from there).
    func touchSession(idHash: String, at date: Date) async throws
    /// Ends a session; `false` when there was none.
    func deleteSession(idHash: String) async throws -> Bool
    /// Deletes the sessions last used before `date`; returns how many.
    func deleteSessions(lastUsedBefore date: Date) async throws -> Int

    /// Closes the store; no call may follow.
    func close() async throws
}
