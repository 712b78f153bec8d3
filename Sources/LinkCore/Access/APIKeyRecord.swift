import Foundation

/// An API key as stored: never the key itself, only its SHA-256 and a prefix people can recognise.
package struct APIKeyRecord: Sendable, Hashable {
    /// The first characters of the key (`wf_` and 8 more), shown by `keys list` and used to revoke.
    package var prefix: String
    /// Lowercase hex SHA-256 of the whole key.
    package var hash: String
    package var tenant: String
    package var createdAt: Date
    package var revokedAt: Date?
    /// What the key may do; keys made before keys had scopes hold ``Scope/standard``.
    package var scopes: [Scope]
    /// A name people give the key (`keys create --name`), for `keys list` and the audit log.
    package var name: String?
    /// The person the key belongs to (their email); `nil` for a service key.
    package var owner: String?
    /// About when the key was last used: written at most once a minute per key, so it may lag
    /// that much.
    package var lastUsedAt: Date?

    package init(
        prefix: String, hash: String, tenant: String, createdAt: Date, revokedAt: Date? = nil,
        scopes: [Scope] = Scope.standard, name: String? = nil, owner: String? = nil, lastUsedAt: Date? = nil
    ) {
        self.prefix = prefix
        self.hash = hash
        self.tenant = tenant
        self.createdAt = createdAt
        self.revokedAt = revokedAt
        self.scopes = scopes
        self.name = name
        self.owner = owner
        self.lastUsedAt = lastUsedAt
    }
}
