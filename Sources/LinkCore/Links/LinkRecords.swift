import Foundation

/// A store's links: slugs unique per tenant, every read or change naming the tenant, so one
/// tenant's key can never reach another tenant's links. Every write is committed before the call
/// returns: a link acknowledged with `201` survives a crash.
///
/// Each change queues its webhook event (`link.created` stamped with the link's `createdAt`,
/// `link.updated` with its `updatedAt`, `link.deleted` with the time given) for the tenant's
/// endpoints that receive it, in the same transaction: a change and its event are written
/// together or not at all.
package protocol LinkRecords: Sendable {
    /// Stores a new link unless the tenant already has one with its slug.
    func insertLink(_ link: Link) async throws -> LinkInsertion
    /// Stores several new links in one transaction, each as ``insertLink(_:)`` would, in order
    /// (a slug that appears twice finds the first as taken); one result per link. Nothing is
    /// written when the call throws.
    func insertLinks(_ links: [Link]) async throws -> [LinkInsertion]
    /// The tenant's link with this slug.
    func link(tenant: String, slug: String) async throws -> Link?
    /// The tenant's links with these slugs, by slug; a slug with no link is absent. (A store
    /// answers in a few statements what ``link(tenant:slug:)`` would answer slug by slug.)
    func links(tenant: String, slugs: [String]) async throws -> [String: Link]
    /// Replaces the tenant's link that has `link.slug`; `false` when there is none.
    func updateLink(_ link: Link) async throws -> Bool
    /// Deletes the tenant's link with this slug and its clicks at `date`; `false` when there is none.
    func deleteLink(tenant: String, slug: String, at date: Date) async throws -> Bool
    /// The tenant's links in creation order (only those carrying `tag` when it is given), `limit`
    /// at most, after the link `cursor` points at. Throws ``LinkStoreError/invalidCursor(_:)`` for
    /// a cursor this store did not hand out.
    func links(tenant: String, tagged tag: String?, after cursor: String?, limit: Int) async throws -> LinkPage
    /// The tenant's links whose slug, destination, social title or Firebase name
    /// (``FirebaseParameters/linkName``) contains `text` (ignoring case: both lowercased as Swift's
    /// `lowercased()` does, so "über" finds "Über uns"; every link when `text` is empty), newest
    /// first, only those carrying `tag` when it is given, `limit` at most, older than the link
    /// `cursor` points at. Throws ``LinkStoreError/invalidCursor(_:)`` for a cursor this store did
    /// not hand out.
    func searchLinks(tenant: String, matching text: String, tagged tag: String?, before cursor: String?, limit: Int)
        async throws -> LinkPage
}

extension LinkRecords {
    /// ``links(tenant:slugs:)`` one slug at a time, for stores without a better way.
    package func links(tenant: String, slugs: [String]) async throws -> [String: Link] {
        var found: [String: Link] = [:]
        for slug in Set(slugs) {
            if let link = try await link(tenant: tenant, slug: slug) { found[slug] = link }
        }
        return found
    }

    /// The tenant's links in creation order, whatever their tags.
    package func links(tenant: String, after cursor: String?, limit: Int) async throws -> LinkPage {
        try await links(tenant: tenant, tagged: nil, after: cursor, limit: limit)
    }

    /// The tenant's links matching `text`, newest first, whatever their tags.
    package func searchLinks(tenant: String, matching text: String, before cursor: String?, limit: Int) async throws
        -> LinkPage
    {
        try await searchLinks(tenant: tenant, matching: text, tagged: nil, before: cursor, limit: limit)
    }
}
