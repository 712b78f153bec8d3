import Foundation

/// A signed-in console session as stored: never the session id itself (the cookie's value), only
/// its SHA-256, so a copy of the database signs nobody in.
///
/// A session belongs to the tenant of the API key it was opened with and remembers that key's
/// hash, so revoking the key ends the session too. ``csrfToken`` is the token every console form
/// carries; it is bound to this session and to no other.
package struct ConsoleSession: Sendable, Hashable {
    /// Lowercase hex SHA-256 of the session id.
    package var idHash: String
    package var tenant: String
    /// Lowercase hex SHA-256 of the API key used to sign in.
    package var keyHash: String
    package var csrfToken: String
    package var createdAt: Date
    /// The last request of the session: the idle expiry counts from here.
    package var lastUsedAt: Date

    package init(idHash: String, tenant: String, keyHash: String, csrfToken: String, createdAt: Date, lastUsedAt: Date)
    {
        self.idHash = idHash
        self.tenant = tenant
        self.keyHash = keyHash
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}
