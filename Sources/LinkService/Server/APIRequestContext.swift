import Hummingbird
import LinkCore
import NIOCore

/// The request context of the routes behind ``BearerKeyMiddleware`` or ``FirebaseKeyMiddleware``:
/// the tenant of the request's API key is always there, so a handler cannot run without one.
package struct APIRequestContext: ChildRequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let remoteAddress: SocketAddress?
    /// The tenant the request's key acts for.
    package let tenant: Tenant

    /// Fails (``Problem/missingMiddleware(_:)``) only when the routes were registered without
    /// ``BearerKeyMiddleware`` or ``FirebaseKeyMiddleware`` before them.
    package init(context: LinkRequestContext) throws {
        guard let tenant = context.keyTenant else {
            throw Problem.missingMiddleware("BearerKeyMiddleware or FirebaseKeyMiddleware")
        }
        self.coreContext = context.coreContext
        self.remoteAddress = context.remoteAddress
        self.tenant = tenant
    }
}
