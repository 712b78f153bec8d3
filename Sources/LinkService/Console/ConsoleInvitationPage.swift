import LinkCore

/// An invitation's page (`console-invitation.mustache`, `/admin/invitations/<token>`): who is
/// invited to which tenant with which role, "Sign in with single sign-on" when a provider is
/// configured, and "Set a password" (or, for a person who has one, their password to accept),
/// with a one-time code for a person who enrolled one.
package struct ConsoleInvitationPage: PageModel {
    package static let template = PageTemplate.consoleInvitation

    package var layout: ConsoleLayout
    package var token: String
    package var email: String
    package var tenant: String
    package var role: String
    /// The token the form posts back, matched against the browser's sign-in cookie.
    package var csrf: String
    /// Whether "Sign in with single sign-on" is offered.
    package var sso: Bool
    /// Whether the person has a password already (they confirm it rather than set one).
    package var hasPassword: Bool
    /// Whether the person has a one-time code enrolled (the form asks for a current one).
    package var hasOneTimeCode = false
    /// Why the last attempt failed.
    package var error: String?
    /// The shortest password taken.
    package var minimumLength = PersonPassword.lengths.lowerBound

    package static let example = ConsoleInvitationPage(
        layout: .example, token: "wfi_token", email: "ada@example.com", tenant: "stories",
        role: "editor", csrf: "cNtpWyIbOUSkOyrUBuz9WNFJh0AqIcFi", sso: true, hasPassword: true,
        hasOneTimeCode: true, error: "a password is 12 to 128 characters, not 5")
}
