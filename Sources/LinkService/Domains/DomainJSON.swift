import DeepLinkRouting
import LinkCore

/// The JSON the domains API answers with: the one place a domain becomes JSON.
package enum DomainJSON {
    /// A runtime domain, with the record that verifies it and where to point it.
    package static func node(_ domain: RuntimeDomain, target: String?) -> JSONNode {
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
        return JSONNode(.object(members))
    }

    /// A domain the tenant's manifest lists: always served, nothing to verify.
    package static func manifestNode(_ name: String) -> JSONNode {
        .object([
            "domain": JSONNode(.string(name)),
            "source": JSONNode(.string("manifest")),
            "status": JSONNode(.string(DomainStatus.verified.rawValue)),
        ])
    }
}
