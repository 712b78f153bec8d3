/// The `404` page of an unknown or expired link (or of an unknown host), with a way to the
/// tenant's website when there is one (`not-found.mustache`).
struct NotFoundPage: NoncePage {
    static let template = PageTemplate.notFound

    /// The app's name; `nil` on an unknown host.
    var siteName: String?
    /// The tenant's website; `nil` when it has none, or on an unknown host.
    var websiteURL: String?
    var nonce = ""

    static let example = NotFoundPage(siteName: "Stories", websiteURL: "https://www.example.com")
}
