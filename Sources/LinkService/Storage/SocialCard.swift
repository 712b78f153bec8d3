/// The card social networks show for a link (`og:*` and `twitter:*` tags).
public struct SocialCard: Sendable, Hashable {
    public var title: String?
    public var description: String?
    public var imageURL: String?

    public init(title: String? = nil, description: String? = nil, imageURL: String? = nil) {
        self.title = title
        self.description = description
        self.imageURL = imageURL
    }

    /// Whether no field is set.
    public var isEmpty: Bool { title == nil && description == nil && imageURL == nil }
}
