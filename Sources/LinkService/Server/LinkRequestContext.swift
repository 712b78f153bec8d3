import Hummingbird
import NIOCore

/// The request context of the link service: Hummingbird's core storage, the client address (for
/// rate limits) and, behind ``APIKeyAuthenticator``, the tenant of the request's API key.
struct LinkRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?
    /// The tenant of the API key, set by ``APIKeyAuthenticator``.
    var tenant: Tenant?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
        tenant = nil
    }

    /// The authenticated tenant. Only routes behind ``APIKeyAuthenticator`` may ask; elsewhere this
    /// is a programming error, answered as a `500` problem rather than a crash.
    func authenticatedTenant() throws -> Tenant {
        guard let tenant else {
            throw Problem(
                .internalServerError, "no-authentication", title: "Internal error",
                detail: "this route was registered without the API key middleware")
        }
        return tenant
    }
}
