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

    package init(prefix: String, hash: String, tenant: String, createdAt: Date, revokedAt: Date? = nil) {
        self.prefix = prefix
        self.hash = hash
        self.tenant = tenant
        self.createdAt = createdAt
        self.revokedAt = revokedAt
    }
}
