import Foundation

/// What a short link that opened the app points to, as the service resolved it.
///
/// Hand ``destination`` to the router. Keep ``clickID``: events that name it are attributed to
/// the click that opened the app.
public struct ResolvedLink: Sendable, Hashable {
    /// The URL that was resolved (the short link, or a route path of a tenant domain).
    public let url: URL
    /// What the link opens; for an expired link, its expired URL (``isExpired``).
    public let destination: URL
    /// The manifest's name of the route the destination opens; `nil` when it opens none.
    public let route: String?
    /// The route's parameters, by name.
    public let parameters: [String: String]
    /// The click this call recorded; `nil` for an expired link (and a route path, which is no link).
    public let clickID: String?
    /// The link's id and slug; `nil` for a route path of a tenant domain.
    public let linkID: String?
    public let slug: String?
    /// Whether the link has expired and ``destination`` is its expired URL.
    public let isExpired: Bool

    public init(
        url: URL, destination: URL, route: String? = nil, parameters: [String: String] = [:], clickID: String? = nil,
        linkID: String? = nil, slug: String? = nil, isExpired: Bool = false
    ) {
        self.url = url
        self.destination = destination
        self.route = route
        self.parameters = parameters
        self.clickID = clickID
        self.linkID = linkID
        self.slug = slug
        self.isExpired = isExpired
    }
}
