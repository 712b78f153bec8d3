/// Campaign fields (`utm_source`, …) attached to a link or read from a click's URL.
package struct UTMParameters: Sendable, Hashable {
    package var source: String?
    package var medium: String?
    package var campaign: String?
    package var term: String?
    package var content: String?

    package init(
        source: String? = nil, medium: String? = nil, campaign: String? = nil, term: String? = nil,
        content: String? = nil
    ) {
        self.source = source
        self.medium = medium
        self.campaign = campaign
        self.term = term
        self.content = content
    }

    /// The field names as they appear in query strings and JSON, in a stable order.
    package static let names = ["source", "medium", "campaign", "term", "content"]

    /// The value of the field called `name` (one of ``names``).
    package subscript(name: String) -> String? {
        get {
            switch name {
            case "source": source
            case "medium": medium
            case "campaign": campaign
            case "term": term
            case "content": content
            default: nil
            }
        }
        set {
            switch name {
            case "source": source = newValue
            case "medium": medium = newValue
            case "campaign": campaign = newValue
            case "term": term = newValue
            case "content": content = newValue
            default: break
            }
        }
    }

    package var isEmpty: Bool { Self.names.allSatisfy { self[$0] == nil } }
}
