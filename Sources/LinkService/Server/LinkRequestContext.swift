import Hummingbird
import NIOCore

/// The request context of the link service: Hummingbird's core storage, the client address (for
/// rate limits) and what an authenticating middleware found, for the child context of its routes.
struct LinkRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    /// The tenant of the request's API key, set by ``APIKeyAuthenticator``; handlers read
    /// ``APIRequestContext/tenant``.
    var keyTenant: Tenant?
    /// The signed-in console session (and a `POST`'s checked form), set by
    /// ``ConsoleSessionMiddleware``; handlers read ``ConsoleRequestContext``.
    var consoleVisit: ConsoleVisit?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
