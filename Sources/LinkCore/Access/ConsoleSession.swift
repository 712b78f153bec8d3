import Foundation

/// A signed-in console session as stored: never the session id itself (the cookie's value), only
/// its SHA-256, so a copy of the database signs nobody in.
///
/// A session is opened by an API key or by a person. A key's session belongs to the key's tenant
/// and remembers the key's hash, so revoking the key ends the session too; a person's session
/// (``personID``) is in one of their tenants at a time (the tenant switcher moves it), and ends
/// when they leave that tenant. ``csrfToken`` is the token every console form carries; it is
/// bound to this session and to no other.
package struct ConsoleSession: Sendable, Hashable {
    /// Lowercase hex SHA-256 of the session id.
    package var idHash: String
    package var tenant: String
    /// Lowercase hex SHA-256 of the API key used to sign in; empty for a person's session.
    package var keyHash: String
    /// The person signed in (``Person/id``); `nil` for a key's session.
    package var personID: String?
    package var csrfToken: String
    package var createdAt: Date
    /// The last request of the session: the idle expiry counts from here.
    package var lastUsedAt: Date

    package init(
        idHash: String, tenant: String, keyHash: String, personID: String? = nil, csrfToken: String, createdAt: Date,
        lastUsedAt: Date
    ) {
        self.idHash = idHash
        self.tenant = tenant
        self.keyHash = keyHash
        self.personID = personID
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}
