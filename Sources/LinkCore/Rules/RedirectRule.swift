/// One of a link's redirect rules: when every one of its conditions holds for a visit, the visit
/// goes where the rule says instead of where the link says.
///
/// A rule changes where a visit goes (its destination, its fallbacks, or both), never who the
/// visitor is: the redirect table then applies to what the rule chose. Every URL in a rule passes
/// the same ``LinkPolicy`` as the link's own.
package struct RedirectRule: Sendable, Hashable {
    /// A name for people (stats, the console, `?d=1`).
    package var name: String?
    /// 1 to ``maximumConditions`` conditions, all of which must hold.
    package var conditions: [RuleCondition]
    /// Replaces the link's destination for the visit.
    package var destination: String?
    /// Replaces the link's fallbacks for the visit (the platforms it names; the others keep the
    /// link's).
    package var fallbacks: Fallbacks?

    package init(
        name: String? = nil, conditions: [RuleCondition], destination: String? = nil, fallbacks: Fallbacks? = nil
    ) {
        self.name = name
        self.conditions = conditions
        self.destination = destination
        self.fallbacks = fallbacks
    }

    /// Most rules a link has.
    package static let maximumRules = 20
    /// Most conditions a rule has.
    package static let maximumConditions = 10

    /// Whether every condition holds for `visit`.
    package func holds(for visit: RuleVisit) -> Bool {
        conditions.allSatisfy { $0.holds(for: visit) }
    }
}
