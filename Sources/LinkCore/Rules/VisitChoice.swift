/// What decided where a visit of a link went, besides the link itself: one of its rules or one
/// of its A/B variants, by index. Travels in claim tokens and is counted in stats.
package enum VisitChoice: Sendable, Hashable {
    case rule(Int)
    case variant(Int)

    /// Where a visit so decided went, for a link as it is now: the rule's or variant's
    /// destination, else the link's (also when the link's rules changed since and the index
    /// names none).
    package func destination(in content: LinkContent) -> String {
        switch self {
        case .rule(let index):
            content.rules.indices.contains(index)
                ? content.rules[index].destination ?? content.destination
                : content.destination
        case .variant(let index):
            content.variants.indices.contains(index)
                ? content.variants[index].destination ?? content.destination : content.destination
        }
    }
}
