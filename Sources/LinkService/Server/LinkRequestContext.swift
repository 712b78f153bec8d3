import Hummingbird
import NIOCore

/// The request context of the link service: Hummingbird's core storage plus the client address
/// (for rate limits).
struct LinkRequestContext: RequestContext, RemoteAddressRequestContext {
    var coreContext: CoreRequestContextStorage
    let remoteAddress: SocketAddress?

    init(source: ApplicationRequestContextSource) {
        coreContext = .init(source: source)
        remoteAddress = source.channel.remoteAddress
    }
}
