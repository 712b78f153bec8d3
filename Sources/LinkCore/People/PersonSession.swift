import Foundation

/// A person's signed-in console session as stored: never the session id (the cookie's value),
/// only its SHA-256, like ``ConsoleSession``. It is in one tenant at a time (the tenant switcher
/// opens another); ``csrfToken`` is bound to it.
package struct PersonSession: Sendable, Hashable {
    /// Lowercase hex SHA-256 of the session id.
    package var idHash: String
    package var personID: String
    package var tenant: String
    package var csrfToken: String
    package var createdAt: Date
    /// The last request of the session: the idle expiry counts from here.
    package var lastUsedAt: Date

    package init(
        idHash: String, personID: String, tenant: String, csrfToken: String, createdAt: Date, lastUsedAt: Date
    ) {
        self.idHash = idHash
        self.personID = personID
        self.tenant = tenant
        self.csrfToken = csrfToken
        self.createdAt = createdAt
        self.lastUsedAt = lastUsedAt
    }
}
