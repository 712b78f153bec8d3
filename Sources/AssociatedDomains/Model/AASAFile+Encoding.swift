import DeepLinkRouting

extension AASAFile {
    /// The file as a JSON tree, keys in the order Apple's documentation writes them.
    package var jsonNode: JSONNode {
        var members: [JSONNode.Member] = []
        if let applinks { members.append(.init(key: "applinks", value: applinks.jsonNode)) }
        for (key, service) in [
            ("webcredentials", webcredentials), ("appclips", appclips), ("activitycontinuation", activitycontinuation),
        ] {
            if let service { members.append(.init(key: key, value: service.jsonNode)) }
        }
        return JSONNode(.object(members))
    }

    /// The file as JSON text, ready to serve.
    public func jsonText(style: JSONWritingStyle = .pretty) -> String {
        jsonNode.jsonText(style: style)
    }
}

extension AASAFile.ServiceApps {
    package var jsonNode: JSONNode {
        .object(["apps": JSONNode(.array(apps.map { JSONNode(.string($0)) }))])
    }
}

extension AASAFile.AppLinks {
    package var jsonNode: JSONNode {
        var members: [JSONNode.Member] = []
        if let apps { members.append(.init(key: "apps", value: JSONNode(.array(apps.map { JSONNode(.string($0)) })))) }
        if let defaults { members.append(.init(key: "defaults", value: defaults.jsonNode)) }
        if !substitutionVariables.isEmpty {
            let variables = substitutionVariables.map {
                JSONNode.Member(key: $0.name, value: JSONNode(.array($0.values.map { JSONNode(.string($0)) })))
            }
            members.append(.init(key: "substitutionVariables", value: JSONNode(.object(variables))))
        }
        switch detailsShape {
        case .array:
            members.append(.init(key: "details", value: JSONNode(.array(details.map(\.jsonNode)))))
        case .dictionary:
            let entries = details.map { detail in
                JSONNode.Member(key: detail.appIDs.first ?? "", value: detail.jsonNode)
            }
            members.append(.init(key: "details", value: JSONNode(.object(entries))))
        }
        return JSONNode(.object(members))
    }
}

extension AASAFile.Detail {
    package var jsonNode: JSONNode {
        var members: [JSONNode.Member] = []
        switch appIDKey {
        case .appID: members.append(.init(key: "appID", value: JSONNode(.string(appIDs.first ?? ""))))
        case .appIDs:
            members.append(.init(key: "appIDs", value: JSONNode(.array(appIDs.map { JSONNode(.string($0)) }))))
        case .dictionaryKey: break
        }
        if let defaults { members.append(.init(key: "defaults", value: defaults.jsonNode)) }
        if let components {
            members.append(.init(key: "components", value: JSONNode(.array(components.map(\.jsonNode)))))
        }
        if let paths {
            members.append(.init(key: "paths", value: JSONNode(.array(paths.map { JSONNode(.string($0)) }))))
        }
        return JSONNode(.object(members))
    }
}

extension AASAFile.Component {
    package var jsonNode: JSONNode {
        var members: [JSONNode.Member] = []
        if let path { members.append(.init(key: "/", value: JSONNode(.string(path)))) }
        if let query { members.append(.init(key: "?", value: query.jsonNode)) }
        if let fragment { members.append(.init(key: "#", value: JSONNode(.string(fragment)))) }
        if let exclude { members.append(.init(key: "exclude", value: JSONNode(.bool(exclude)))) }
        if let caseSensitive { members.append(.init(key: "caseSensitive", value: JSONNode(.bool(caseSensitive)))) }
        if let percentEncoded { members.append(.init(key: "percentEncoded", value: JSONNode(.bool(percentEncoded)))) }
        if let comment { members.append(.init(key: "comment", value: JSONNode(.string(comment)))) }
        return JSONNode(.object(members))
    }
}

extension AASAFile.QueryPattern {
    package var jsonNode: JSONNode {
        switch self {
        case .whole(let pattern): JSONNode(.string(pattern))
        case .items(let items):
            JSONNode(.object(items.map { .init(key: $0.name, value: JSONNode(.string($0.pattern))) }))
        case .ignoredDictionary(let raw): raw.node
        }
    }
}
