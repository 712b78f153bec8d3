/// Who a provider says signed in, read from an ID token that passed every check.
package struct OIDCIdentity: Sendable, Equatable {
    package var issuer: String
    /// The provider's stable id of the person (`sub`).
    package var subject: String
    /// The `email` claim, when the provider sent one (scope `email`).
    package var email: String?
    /// `email_verified`, when the provider says.
    package var emailVerified: Bool?
    /// The invitation the sign-in started from, if any.
    package var invitation: String?

    package init(issuer: String, subject: String, email: String?, emailVerified: Bool?, invitation: String?) {
        self.issuer = issuer
        self.subject = subject
        self.email = email
        self.emailVerified = emailVerified
        self.invitation = invitation
    }
}
