/// Who makes a request: a key (with its scopes) or a person (with a role in the tenant), and
/// what that lets them do. Requests, refusals and the audit log name the same actor.
package struct Actor: Sendable, Hashable {
    /// How the actor signed in.
    package enum Credential: Sendable, Hashable {
        /// An API key, by its prefix (the key itself is never kept).
        case key(prefix: String, scopes: [Scope])
        /// A person, by email, with their role in the tenant.
        case person(email: String, role: Role)
    }

    package let credential: Credential
    /// The tenant the actor acts for.
    package let tenant: String
    /// Everything the actor may do: the union of its scopes' permissions, or its role's.
    package let permissions: Set<Permission>

    package init(_ credential: Credential, tenant: String) {
        self.credential = credential
        self.tenant = tenant
        permissions =
            switch credential {
            case .key(_, let scopes): scopes.reduce(into: Set<Permission>()) { $0.formUnion($1.permissions) }
            case .person(_, let role): role.permissions
            }
    }

    /// Whether the actor may do what `permission` allows.
    package func may(_ permission: Permission) -> Bool { permissions.contains(permission) }

    /// How the audit log and logs name the actor: `key:wf_AbCdEfGh` or `person:ana@example.com`.
    package var name: String {
        switch credential {
        case .key(let prefix, _): "key:" + prefix
        case .person(let email, _): "person:" + email
        }
    }
}
