import LinkCore

/// A problem under `/admin` as a page (`console-message.mustache`): what went wrong and the way
/// back (to sign in when the session has ended, otherwise to the links).
package struct ConsoleMessagePage: PageModel {
    package static let template = PageTemplate.consoleMessage

    package var layout: ConsoleLayout
    package var heading: String
    package var text: String
    package var back: String
    package var backLabel: String

    package static let example = ConsoleMessagePage(
        layout: .example, heading: "Not found", text: "There is no console page here.", back: "/admin/links",
        backLabel: "Back to your links")
}

extension ConsoleMessagePage {
    /// The page for `problem`; with the navigation bar of `signedIn`'s session when there is one.
    package init(problem: Problem, signedIn: ConsoleSessions.SignedIn? = nil) {
        let signIn = problem.code == .noSession
        let session = signedIn.map {
            ConsoleLayout.Session($0, section: nil)
        }
        self.init(
            layout: ConsoleLayout(title: problem.title, session: session), heading: problem.title, text: problem.detail,
            back: signIn ? "/admin/sign-in" : "/admin/links", backLabel: signIn ? "Sign in" : "Back to your links")
    }
}
