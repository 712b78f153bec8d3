import LinkCore

/// The console's sign-in page (`console-sign-in.mustache`): an API key field, why the last
/// attempt failed, and the form's sign-in token (``ConsoleSignInToken``).
package struct ConsoleSignInPage: PageModel {
    package static let template = PageTemplate.consoleSignIn

    package var layout: ConsoleLayout
    /// Why the last attempt failed: an unknown or revoked key, too many attempts.
    package var error: String?
    /// The token the form posts back, matched against the browser's sign-in cookie.
    package var csrf: String

    package static let example = ConsoleSignInPage(
        layout: .example, error: "That API key is not valid.", csrf: "cNtpWyIbOUSkOyrUBuz9WNFJh0AqIcFi")
}
