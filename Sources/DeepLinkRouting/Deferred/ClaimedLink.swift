import Foundation

/// What the link service answered a successful claim with: the link the person tapped before
/// installing the app, found deterministically (by the token, never by fingerprinting).
public struct ClaimedLink: Sendable, Hashable {
    /// Where the link points: open it like any other link (``DeepLink/Source/deferred``).
    public let destination: URL
    public let linkID: String
    public let slug: String
    /// The short link, `https://<domain>/<slug>`.
    public let shortURL: URL
    /// When the link was tapped (when the token was issued).
    public let clickedAt: Date

    public init(destination: URL, linkID: String, slug: String, shortURL: URL, clickedAt: Date) {
        self.destination = destination
        self.linkID = linkID
        self.slug = slug
        self.shortURL = shortURL
        self.clickedAt = clickedAt
    }
}
