import Hummingbird
import LinkCore
import NIOCore

/// The request context of the link service: Hummingbird's core storage, the client address (for
/// rate limits) and what an authenticating middleware found, for the child context of its routes.
package struct LinkRequestContext: RequestContext, RemoteAddressRequestContext {
    package var coreContext: CoreRequestContextStorage
    package let remoteAddress: SocketAddress?
    /// The tenant of the request's API key, set by ``BearerKeyMiddleware`` or
    /// ``FirebaseKeyMiddleware``; handlers read ``APIRequestContext/tenant``.
    package var keyTenant: Tenant?
    /// Who the request's credential is, set with ``keyTenant``.
    package var actor: Actor?
    /// The permission the route declared and the actor was found to hold, set by
    /// ``PermissionMiddleware``; ``APIRequestContext`` cannot be made without it.
    package var checkedPermission: Permission?
    /// The signed-in console session (and a `POST`'s checked form), set by
    /// ``ConsoleSessionMiddleware``; handlers read ``ConsoleRequestContext``.
    package var consoleVisit: ConsoleVisit?

    package init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
