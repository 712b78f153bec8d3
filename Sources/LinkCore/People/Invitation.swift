import Foundation

/// An invitation to a tenant with a role, as stored: never the token the link carries, only its
/// SHA-256, so a copy of the database lets nobody in. Good for one use within ``validity``.
package struct Invitation: Sendable, Hashable {
    /// How long an invitation may be accepted.
    package static let validity: TimeInterval = 7 * 24 * 3600

    /// Lowercase hex SHA-256 of the token.
    package var tokenHash: String
    package var tenant: String
    /// ``EmailAddress/normalised(_:)``.
    package var email: String
    package var role: Role
    package var createdAt: Date
    package var expiresAt: Date
    /// When it was accepted; an invitation is accepted once.
    package var usedAt: Date?

    package init(
        tokenHash: String, tenant: String, email: String, role: Role, createdAt: Date, expiresAt: Date,
        usedAt: Date? = nil
    ) {
        self.tokenHash = tokenHash
        self.tenant = tenant
        self.email = email
        self.role = role
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.usedAt = usedAt
    }

    /// A new invitation valid for ``validity`` from `date`, and the token its link carries
    /// (`wfi_` and 40 random letters and digits: 238 bits).
    package static func make(tenant: String, email: String, role: Role, at date: Date) -> (
        token: String, invitation: Invitation
    ) {
        let token = "wfi_" + RandomText.make(length: 40, from: RandomText.lettersAndDigits)
        let invitation = Invitation(
            tokenHash: APIKey.hash(token), tenant: tenant, email: email, role: role,
            createdAt: date.truncatedToMilliseconds,
            expiresAt: date.addingTimeInterval(validity).truncatedToMilliseconds)
        return (token, invitation)
    }

    /// Whether it may still be accepted at `date`.
    package func isOpen(at date: Date) -> Bool { usedAt == nil && date < expiresAt }
}
