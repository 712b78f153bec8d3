import Foundation

/// A short link the service made: its URL to share, and what it opens.
public struct ShortLink: Sendable, Hashable {
    /// The link's id (name it in events with ``AppEvent/link``, or use the slug).
    public let id: String
    /// The short URL to share, `https://<domain>/<slug>`.
    public let url: URL
    public let slug: String
    public let domain: String
    /// What the link opens.
    public let destination: String
    public let createdAt: Date
    /// What was stored as asked but will not work as expected (the link was still made).
    public let warnings: [Warning]

    public init(
        id: String, url: URL, slug: String, domain: String, destination: String, createdAt: Date,
        warnings: [Warning] = []
    ) {
        self.id = id
        self.url = url
        self.slug = slug
        self.domain = domain
        self.destination = destination
        self.createdAt = createdAt
        self.warnings = warnings
    }

    /// A setting stored as asked that will not work as expected, such as a country rule on a
    /// server that knows no visitor's country.
    public struct Warning: Sendable, Hashable {
        /// A stable code, such as `country-unknown`.
        public let code: String
        /// The JSON path of the value concerned.
        public let field: String
        public let detail: String

        public init(code: String, field: String, detail: String) {
            self.code = code
            self.field = field
            self.detail = detail
        }
    }
}
