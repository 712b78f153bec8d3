import LinkCore

/// What ``ConsoleSessionMiddleware`` found for a console request: the live session and, for a
/// form `POST`, the form whose CSRF token is the session's.
package struct ConsoleVisit: Sendable {
    package let signedIn: ConsoleSessions.SignedIn
    /// The submitted form of a `POST` (its token checked); empty for a page view.
    package let form: ConsoleForm
}
