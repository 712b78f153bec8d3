import NIOCore
import NIOPosix
import Testing

/// A port nothing listens on right now, on 127.0.0.1.
package func freeLoopbackPort() async throws -> Int {
    let channel = try await ServerBootstrap(group: MultiThreadedEventLoopGroup.singleton).bind(
        host: "127.0.0.1", port: 0
    ).get()
    let port = try #require(channel.localAddress?.port)
    try await channel.close()
    return port
}
