import DeepLinkRouting

/// A domain's health as JSON, the one place it is written: the domains API's answers and the
/// `domain.health_changed` webhook show the same members.
package enum DomainHealthJSON {
    /// `health`, `healthSince`, `healthCheckedAt` and `failingChecks` (`{"check", "rule",
    /// "detail"}` each).
    package static func members(_ health: DomainHealth) -> [JSONNode.Member] {
        [
            .init(key: "health", value: JSONNode(.string(health.state.rawValue))),
            .init(key: "healthSince", value: JSONNode(.string(ISO8601.string(from: health.since)))),
            .init(key: "healthCheckedAt", value: JSONNode(.string(ISO8601.string(from: health.checkedAt)))),
            .init(key: "failingChecks", value: JSONNode(.array(health.failures.map(\.node)))),
        ]
    }

    /// The `domain.health_changed` event's data: the domain, its health now, and what it was
    /// (`null` for the first check).
    package static func changeNode(_ health: DomainHealth, previous: DomainHealthState?) -> JSONNode {
        var members: [JSONNode.Member] = [.init(key: "domain", value: JSONNode(.string(health.domain)))]
        members += Self.members(health)
        members.append(
            .init(key: "previousHealth", value: previous.map { JSONNode(.string($0.rawValue)) } ?? JSONNode(.null)))
        return JSONNode(.object(members))
    }
}
