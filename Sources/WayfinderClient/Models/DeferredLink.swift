import Foundation

/// The link that sent a person to install the app, claimed on its first launch with the
/// `wf_claim` token that travelled through the store.
///
/// Hand ``destination`` to the router. Keep ``clickID``: events that name it (the `install`, a
/// sign-up, a purchase) are attributed to the click that brought the install.
public struct DeferredLink: Sendable, Hashable {
    /// What the link opens.
    public let destination: URL
    public let linkID: String
    public let slug: String
    /// The short URL the person tapped.
    public let shortURL: URL
    /// When the person tapped it.
    public let clickedAt: Date
    /// The click that issued the token; `nil` from a server older than click ids.
    public let clickID: String?

    public init(
        destination: URL, linkID: String, slug: String, shortURL: URL, clickedAt: Date, clickID: String? = nil
    ) {
        self.destination = destination
        self.linkID = linkID
        self.slug = slug
        self.shortURL = shortURL
        self.clickedAt = clickedAt
        self.clickID = clickID
    }
}
