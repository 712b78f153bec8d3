/// What a person may do in one tenant, from most to least. Only the names live here: which
/// permissions each role holds is the permission model's (one list in LinkCore, shared with the
/// scopes of keys).
package enum Role: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
    /// Everything, including deleting the tenant's data and other owners.
    case owner
    /// Members, keys, webhooks, domains.
    case admin
    /// Links, rules, tags.
    case editor
    /// Links and stats, read only.
    case viewer

    /// Most powerful first: `owner < admin < editor < viewer`.
    package static func < (lhs: Role, rhs: Role) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
