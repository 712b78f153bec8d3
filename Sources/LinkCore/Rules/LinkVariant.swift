/// One arm of a link's A/B split: where a share of its visitors go when no rule holds.
package struct LinkVariant: Sendable, Hashable {
    /// Replaces the link's destination for the visit.
    package var destination: String?
    /// Replaces the link's fallbacks for the visit (the platforms it names).
    package var fallbacks: Fallbacks?
    /// Percent of visitors, 1 to 99; a link's weights sum to 100.
    package var weight: Int

    package init(destination: String? = nil, fallbacks: Fallbacks? = nil, weight: Int) {
        self.destination = destination
        self.fallbacks = fallbacks
        self.weight = weight
    }

    /// How many variants a split has.
    package static let counts = 2...4
}
