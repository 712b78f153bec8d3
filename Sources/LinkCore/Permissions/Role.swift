/// A person's role in a tenant: a named set of ``Permission``s, each role holding the one below
/// it and more.
package enum Role: String, CaseIterable, Sendable, Hashable, Codable, Comparable {
    /// Links and stats, read only.
    case viewer
    /// Links, their rules and tags, and what a viewer may do.
    case editor
    /// Members, keys, webhooks, domains and the audit log, and what an editor may do.
    case admin
    /// Everything, including other owners and deleting the tenant's data.
    case owner

    /// What the role permits.
    package var permissions: Set<Permission> {
        switch self {
        case .viewer: [.readLinks, .readStats]
        case .editor: Role.viewer.permissions.union([.createRouteLinks, .createLinks, .changeLinks])
        case .admin:
            Role.editor.permissions.union([.changeWebhooks, .changeDomains, .changeMembers, .readAudit, .sendEvents])
        case .owner: Set(Permission.allCases)
        }
    }

    /// The least role that permits `permission` (every permission is the owner's).
    package static func least(granting permission: Permission) -> Role {
        allCases.first { $0.permissions.contains(permission) } ?? .owner
    }

    package static func < (lhs: Role, rhs: Role) -> Bool {
        allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
    }
}
