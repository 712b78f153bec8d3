import DeepLinkRouting

extension HostingCheckItem {
    /// The item as one JSON object with stable keys (`rule`, `file`, `verdict`, `detail`, and
    /// `fix` unless it passed), for `wayfinder check --json`.
    package var jsonNode: JSONNode {
        var members: [JSONNode.Member] = [
            .init(key: "rule", value: .init(.string(rule.rawValue))),
            .init(key: "file", value: .init(.string(file.label))),
            .init(key: "verdict", value: .init(.string(verdict.rawValue))),
            .init(key: "detail", value: .init(.string(detail))),
        ]
        if let fix { members.append(.init(key: "fix", value: .init(.string(fix)))) }
        return JSONNode(.object(members))
    }
}
