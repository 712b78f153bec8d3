import LinkCore

/// The `404` page of an unknown or expired link (or of an unknown host), with a way to the
/// tenant's website when there is one (`not-found.mustache`).
package struct NotFoundPage: NoncePage {
    package static let template = PageTemplate.notFound

    /// The app's name; `nil` on an unknown host.
    package var siteName: String?
    /// The tenant's website; `nil` when it has none, or on an unknown host.
    package var websiteURL: String?
    package var nonce = ""

    /// The page for a tenant (its name and website), or for an unknown host (`nil`s).
    package init(siteName: String?, websiteURL: String?) {
        self.siteName = siteName
        self.websiteURL = websiteURL
    }

    package static let example = NotFoundPage(siteName: "Stories", websiteURL: "https://www.example.com")
}
