/// The console's sign-in page (`console-sign-in.mustache`): an API key field, and why the last
/// attempt failed.
struct ConsoleSignInPage: PageModel {
    static let template = PageTemplate.consoleSignIn

    var layout: ConsoleLayout
    /// Why the last attempt failed: an unknown or revoked key, too many attempts.
    var error: String?

    static let example = ConsoleSignInPage(layout: .example, error: "That API key is not valid.")
}
