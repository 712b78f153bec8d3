/// The `410` page of a link that has expired and names no `expiredURL` (`expired.mustache`): it
/// says so plainly, with the link's title and a way to the tenant's website.
struct ExpiredPage: NoncePage {
    static let template = PageTemplate.expired

    /// The app's name.
    var siteName: String
    /// The link's social title, when it has one.
    var title: String?
    /// The short link.
    var shortURL: String
    /// When it expired (RFC 3339, UTC).
    var expiredAt: String
    /// The tenant's website; `nil` when it has none.
    var websiteURL: String?
    /// The letter in place of an icon: the first of the app's name.
    var initial: String
    var iconURL: String?
    var nonce = ""

    static let example = ExpiredPage(
        siteName: "Stories", title: "Spring sale", shortURL: "https://go.example.com/spring",
        expiredAt: "2026-05-31T23:59:59Z", websiteURL: "https://www.example.com", initial: "S",
        iconURL: "https://www.example.com/icon.png")
}
