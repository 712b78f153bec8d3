import Hummingbird
import LinkCore
import NIOCore

/// The request context of the routes behind ``BearerKeyMiddleware`` or ``FirebaseKeyMiddleware``
/// and a ``PermissionMiddleware``: the tenant and actor of the request's API key are always there,
/// and the route's permission was checked, so a handler cannot run without either.
package struct APIRequestContext: ChildRequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let remoteAddress: SocketAddress?
    /// The tenant the request's key acts for.
    package let tenant: Tenant
    /// Who the request's key is, and what it may do.
    package let actor: Actor
    /// The permission the route declared (the actor holds it).
    package let permission: Permission

    /// Fails (``Problem/missingMiddleware(_:)``) only when the routes were registered without
    /// ``BearerKeyMiddleware`` or ``FirebaseKeyMiddleware`` and a permission
    /// (`requiring(_:)`) before them.
    package init(context: LinkRequestContext) throws {
        guard let tenant = context.keyTenant, let actor = context.actor else {
            throw Problem.missingMiddleware("BearerKeyMiddleware or FirebaseKeyMiddleware")
        }
        guard let permission = context.checkedPermission, actor.may(permission) else {
            throw Problem.missingMiddleware("PermissionMiddleware (route the call with requiring(_:))")
        }
        self.coreContext = context.coreContext
        self.remoteAddress = context.remoteAddress
        self.tenant = tenant
        self.actor = actor
        self.permission = permission
    }
}
