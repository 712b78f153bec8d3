import Foundation

/// A short link as the store keeps it: where it lives (tenant, domain, slug) and what it does
/// (its ``LinkContent``).
///
/// The slug is unique per tenant: a link answers on every domain of its tenant, and `domain` is the
/// one its short URL is written with.
package struct Link: Sendable, Hashable {
    /// Stable identifier, carried in Play Store referrers and click rows.
    package var id: String
    package var tenant: String
    package var domain: String
    package var slug: String
    package var content: LinkContent
    package var createdAt: Date
    package var updatedAt: Date
    /// The click total the service the link was imported from had counted (`wayfinder import`),
    /// kept apart from the clicks Wayfinder counts; 0 for a link made here.
    package var importedClicks = 0

    package init(
        id: String, tenant: String, domain: String, slug: String, content: LinkContent, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.tenant = tenant
        self.domain = domain
        self.slug = slug
        self.content = content
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    /// The short link people share.
    package var shortURL: String { "https://\(domain)/\(slug)" }

    /// Whether the link has expired at `date`.
    package func isExpired(at date: Date) -> Bool {
        content.expiresAt.map { $0 <= date } ?? false
    }
}
