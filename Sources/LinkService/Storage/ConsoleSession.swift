import Foundation

/// A signed-in console session as stored: never the session id itself (the cookie's value), only
/// its SHA-256, so a copy of the database signs nobody in.
///
/// A session belongs to the tenant of the API key it was opened with and remembers that key's
/// hash, so revoking the key ends the session too. ``csrfToken`` is the token every console form
/// carries; it is bound to this session and to no other.
public struct ConsoleSession: Sendable, Hashable {
    /// Lowercase hex SHA-256 of the session id.
    public var idHash: String
    public var tenant: String
    /// Lowercase hex SHA-256 of the API key used to sign in.
    public var keyHash: String
    public var csrfToken: String
    public var createdAt: Date
    /// The last request of the session: the idle expiry counts from here.
    public var lastUsedAt: Date

    public init(idHash: String, tenant: String, keyHash: String, csrfToken: String, createdAt: Date, lastUsedAt: Date) {
        self.idHash = idHash
        self.tenant = tenant
        self.keyHash = keyHash
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}
