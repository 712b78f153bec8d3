/// The console's sign-in page (`console-sign-in.mustache`): an API key field, why the last
/// attempt failed, and the form's sign-in token (``ConsoleSignInToken``).
struct ConsoleSignInPage: PageModel {
    static let template = PageTemplate.consoleSignIn

    var layout: ConsoleLayout
    /// Why the last attempt failed: an unknown or revoked key, too many attempts.
    var error: String?
    /// The token the form posts back, matched against the browser's sign-in cookie.
    var csrf: String

    static let example = ConsoleSignInPage(
        layout: .example, error: "That API key is not valid.", csrf: "cNtpWyIbOUSkOyrUBuz9WNFJh0AqIcFi")
}
