/// What an audit entry records. The raw values are stable: the API and filters name them.
package enum AuditAction: String, CaseIterable, Sendable, Hashable {
    case linkCreated = "link.created"
    case linkUpdated = "link.updated"
    case linkDeleted = "link.deleted"
    case linksImported = "links.imported"
    case rulesChanged = "link.rules-changed"
    case keyCreated = "key.created"
    case keyRevoked = "key.revoked"
    case webhookCreated = "webhook.created"
    case webhookUpdated = "webhook.updated"
    case webhookDeleted = "webhook.deleted"
    case webhookSecretRotated = "webhook.secret-rotated"
    case domainAdded = "domain.added"
    case domainVerified = "domain.verified"
    case domainRemoved = "domain.removed"
    case memberInvited = "member.invited"
    case memberJoined = "member.joined"
    case memberRoleChanged = "member.role-changed"
    case memberRemoved = "member.removed"
    /// A person turned one-time codes (TOTP) on for their sign-in; never with the secret.
    case totpEnabled = "person.totp-enabled"
    /// A person turned one-time codes off.
    case totpDisabled = "person.totp-disabled"
    case signedIn = "console.signed-in"
    case signInRefused = "console.sign-in-refused"
    /// A console page or form the signed-in actor's role (or key's scopes) does not allow.
    case accessRefused = "console.access-refused"
}
