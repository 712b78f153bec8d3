/// The card social networks show for a link (`og:*` and `twitter:*` tags).
package struct SocialCard: Sendable, Hashable {
    package var title: String?
    package var description: String?
    package var imageURL: String?

    package init(title: String? = nil, description: String? = nil, imageURL: String? = nil) {
        self.title = title
        self.description = description
        self.imageURL = imageURL
    }

    /// Whether no field is set.
    package var isEmpty: Bool { title == nil && description == nil && imageURL == nil }
}
