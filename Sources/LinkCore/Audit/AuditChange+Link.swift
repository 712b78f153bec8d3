import DeepLinkRouting

extension AuditChange {
    /// The fields of a link that changed from `before` to `after` (`nil`: not there), each as the
    /// API writes it (``LinkJSON``), without its timestamps. A password is recorded as set or
    /// changed (``secret``), never by its hash.
    package static func link(from before: Link?, to after: Link?) -> [AuditChange] {
        var changes = between(fields(before), fields(after))
        if before?.content.passwordHash != after?.content.passwordHash {
            changes.append(
                AuditChange(
                    field: "password", before: before?.content.passwordHash.map { _ in secret },
                    after: after?.content.passwordHash.map { _ in secret }))
        }
        return changes
    }

    private static let unrecorded: Set<String> = ["id", "url", "createdAt", "updatedAt", "passwordProtected"]

    private static func fields(_ link: Link?) -> [(String, String?)] {
        fields(of: link.map { LinkJSON.node($0) }, skipping: unrecorded)
    }

    /// The members of a JSON object as recorded fields: strings as they are, anything else as
    /// compact JSON; the members named in `skipping` left out. Pass only JSON without secrets.
    package static func fields(of node: JSONNode?, skipping: Set<String> = []) -> [(String, String?)] {
        (node?.objectValue ?? []).filter { !skipping.contains($0.key) }.map { member in
            (member.key, member.value.stringValue ?? member.value.jsonText(style: .compact))
        }
    }

    /// The changes between two sets of recorded fields: each field whose value differs, in the
    /// order of `before`'s fields then `after`'s new ones.
    package static func between(_ before: [(String, String?)], _ after: [(String, String?)]) -> [AuditChange] {
        var changes: [AuditChange] = []
        var seen = Set<String>()
        let afterValues = Dictionary(after.map { ($0.0, $0.1) }, uniquingKeysWith: { $1 })
        for (field, value) in before {
            seen.insert(field)
            let new = afterValues[field] ?? nil
            if value != new { changes.append(AuditChange(field: field, before: value, after: new)) }
        }
        for (field, value) in after where !seen.contains(field) && value != nil {
            changes.append(AuditChange(field: field, before: nil, after: value))
        }
        return changes
    }
}
