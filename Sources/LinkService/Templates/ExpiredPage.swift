import LinkCore

/// The `410` page of a link that has expired and names no `expiredURL` (`expired.mustache`): it
/// says so plainly, with the link's title and a way to the tenant's website.
package struct ExpiredPage: NoncePage, Hashable {
    package static let template = PageTemplate.expired

    /// The app's name.
    package var siteName: String
    /// The link's social title, when it has one.
    package var title: String?
    /// The short link.
    package var shortURL: String
    /// When it expired (RFC 3339, UTC).
    package var expiredAt: String
    /// The tenant's website; `nil` when it has none.
    package var websiteURL: String?
    /// The letter in place of an icon: the first of the app's name.
    package var initial: String
    package var iconURL: String?
    package var nonce = ""

    package static let example = ExpiredPage(
        siteName: "Stories", title: "Spring sale", shortURL: "https://go.example.com/spring",
        expiredAt: "2026-05-31T23:59:59Z", websiteURL: "https://www.example.com", initial: "S",
        iconURL: "https://www.example.com/icon.png")
}
