import Hummingbird
import NIOCore

/// The request context of the console's signed-in pages, behind ``ConsoleSessionMiddleware``:
/// the session and its tenant are always there, so a console handler cannot run without them.
struct ConsoleRequestContext: ChildRequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    /// The live session and the tenant of the key it was opened with.
    let signedIn: ConsoleSessions.SignedIn
    /// A `POST`'s form, its CSRF token already checked against the session's; empty for a page view.
    let form: ConsoleForm

    var tenant: Tenant { signedIn.tenant }
    var session: ConsoleSession { signedIn.session }

    /// Fails (``Problem/missingMiddleware(_:)``) only when the routes were registered without
    /// ``ConsoleSessionMiddleware`` before them.
    init(context: LinkRequestContext) throws {
        guard let visit = context.consoleVisit else {
            throw Problem.missingMiddleware("ConsoleSessionMiddleware")
        }
        self.coreContext = context.coreContext
        self.remoteAddress = context.remoteAddress
        self.signedIn = visit.signedIn
        self.form = visit.form
    }
}
