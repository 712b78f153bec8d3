import LinkCore

/// The visitor's country for one visit: asked of the server's source at most once, whether a
/// `country` condition reads it, the click records it (for analytics and webhooks), or both.
package struct VisitCountry: Sendable {
    private let lookup: (any CountryLookup)?
    /// `nil` until asked; then the answer, which may be "unknown".
    private var answer: String?? = nil

    package init(lookup: (any CountryLookup)?) {
        self.lookup = lookup
    }

    /// The country of the visitor `origin` describes (built only on the first call, and only when
    /// the server has a source); `nil` when unknown or when there is no source.
    package mutating func country(of origin: @autoclosure () -> VisitorOrigin) -> String? {
        if let answer { return answer }
        let found = lookup.flatMap { $0.country(of: origin()) }
        answer = .some(found)
        return found
    }
}
