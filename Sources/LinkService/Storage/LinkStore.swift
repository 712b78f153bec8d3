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

    func insertAPIKey(_ key: APIKeyRecord) async throws
    /// The key with this SHA-256 (lowercase hex), revoked or not.
    func apiKey(hash: String) async throws -> APIKeyRecord?
    /// All keys, or one tenant's, oldest first.
    func apiKeys(tenant: String?) async throws -> [APIKeyRecord]
    /// Revokes the keys with this prefix that are not revoked yet; returns how many.
    func revokeAPIKeys(prefix: String, at date: Date) async throws -> Int

    /// Stores a batch of clicks and adds them to the daily rollups, all in one transaction.
    func insertClicks(_ clicks: [Click]) async throws
    /// Counts of one link's clicks from the daily rollups.
    func stats(tenant: String, linkID: String) async throws -> LinkStats
    /// How many clicks are stored for the tenant (all links and route paths, people and bots).
    func clickCount(tenant: String) async throws -> Int

    /// Closes the store; no call may follow.
    func close() async throws
}
