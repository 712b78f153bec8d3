import Hummingbird
import LinkCore
import NIOCore

/// The request context of the console's signed-in pages, behind ``ConsoleSessionMiddleware``:
/// the session and its tenant are always there, so a console handler cannot run without them.
package struct ConsoleRequestContext: ChildRequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let remoteAddress: SocketAddress?
    /// The live session and the tenant of the key it was opened with.
    package let signedIn: ConsoleSessions.SignedIn
    /// A `POST`'s form, its CSRF token already checked against the session's; empty for a page view.
    package let form: ConsoleForm

    package var tenant: Tenant { signedIn.tenant }
    package var session: ConsoleSession { signedIn.session }
    /// Who is signed in, and what they may do.
    package var actor: Actor { signedIn.actor }

    /// Fails (``Problem/missingMiddleware(_:)``) only when the routes were registered without
    /// ``ConsoleSessionMiddleware`` before them.
    package init(context: LinkRequestContext) throws {
        guard let visit = context.consoleVisit else {
            throw Problem.missingMiddleware("ConsoleSessionMiddleware")
        }
        self.coreContext = context.coreContext
        self.remoteAddress = context.remoteAddress
        self.signedIn = visit.signedIn
        self.form = visit.form
    }
}
