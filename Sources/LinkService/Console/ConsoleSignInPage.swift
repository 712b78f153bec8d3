import LinkCore

/// The console's sign-in page (`console-sign-in.mustache`): "Sign in with single sign-on" when a
/// provider is configured, a person's "Email", "Password" and "One-time code", the "API key"
/// form while key sign-in is on (`WAYFINDER_CONSOLE_KEY_SIGN_IN`), why the last attempt failed,
/// and the forms' sign-in token (``ConsoleSignInToken``).
package struct ConsoleSignInPage: PageModel {
    package static let template = PageTemplate.consoleSignIn

    package var layout: ConsoleLayout
    /// Why the last attempt failed: an unknown or revoked key, a wrong password or code, too
    /// many attempts.
    package var error: String?
    /// The token the forms post back, matched against the browser's sign-in cookie.
    package var csrf: String
    /// Whether the "API key" form is offered.
    package var keySignIn = true
    /// Whether "Sign in with single sign-on" is offered.
    package var sso = false
    /// The email typed in the last attempt.
    package var email = ""

    package static let example = ConsoleSignInPage(
        layout: .example, error: "That API key is not valid.", csrf: "cNtpWyIbOUSkOyrUBuz9WNFJh0AqIcFi",
        keySignIn: true, sso: true, email: "ada@example.com")
}
