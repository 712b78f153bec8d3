import DeepLinkRouting
import LinkCore

/// The JSON the domains API answers with: the one place a domain becomes JSON.
package enum DomainJSON {
    /// A runtime domain, with the record that verifies it, where to point it, and its health
    /// when it has been checked.
    package static func node(_ domain: RuntimeDomain, target: String?, health: DomainHealth? = nil) -> JSONNode {
        var members: [JSONNode.Member] = [
            .init(key: "domain", value: JSONNode(.string(domain.name))),
            .init(key: "source", value: JSONNode(.string("runtime"))),
            .init(key: "status", value: JSONNode(.string(domain.status.rawValue))),
            .init(
                key: "verification",
                value: .object([
                    "type": JSONNode(.string("dns-txt")),
                    "name": JSONNode(.string(domain.challengeName)),
                    "value": JSONNode(.string(domain.token)),
                ])),
        ]
        if let target { members.append(.init(key: "target", value: JSONNode(.string(target)))) }
        members.append(.init(key: "createdAt", value: JSONNode(.string(ISO8601.string(from: domain.createdAt)))))
        if let verifiedAt = domain.verifiedAt {
            members.append(.init(key: "verifiedAt", value: JSONNode(.string(ISO8601.string(from: verifiedAt)))))
        }
        if let checkedAt = domain.checkedAt {
            members.append(
                .init(
                    key: "lastCheck",
                    value: .object([
                        "at": JSONNode(.string(ISO8601.string(from: checkedAt))),
                        "error": domain.checkError.map { JSONNode(.string($0)) } ?? JSONNode(.null),
                    ])))
        }
        if let health { members += DomainHealthJSON.members(health) }
        return JSONNode(.object(members))
    }

    /// A domain the tenant's manifest lists: always served, nothing to verify; its health when
    /// it has been checked.
    package static func manifestNode(_ name: String, health: DomainHealth? = nil) -> JSONNode {
        var members: [JSONNode.Member] = [
            .init(key: "domain", value: JSONNode(.string(name))),
            .init(key: "source", value: JSONNode(.string("manifest"))),
            .init(key: "status", value: JSONNode(.string(DomainStatus.verified.rawValue))),
        ]
        if let health { members += DomainHealthJSON.members(health) }
        return JSONNode(.object(members))
    }
}
