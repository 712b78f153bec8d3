import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import NIOHTTP1

/// Hummingbird's HTTP/1 channel with the link service's guards for the open internet: the
/// deadlines and the per-address cap of ``ConnectionLimits`` and an unambiguous `Host`
/// (``RequestTargetHandler``).
struct LinkHTTPChannel: ServerChildChannel {
    typealias Value = HTTP1Channel.Value

    let base: HTTP1Channel
    let limits: ConnectionLimits
    let connections: ConnectionsPerAddress
    /// Who is a trusted proxy, whose connections are not counted.
    let addressing: ClientAddressing

    func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { [limits] value in
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            // Each goes right after the decoder, so the order is decoder, deadlines, target.
            try pipeline.addHandler(RequestTargetHandler(), position: .after(decoder))
            try pipeline.addHandler(ConnectionDeadlineHandler(limits: limits), position: .after(decoder))
            admit(channel, logger: logger)
            return value
        }
    }

    func handle(value: Value, logger: Logger) async {
        await base.handle(value: value, logger: logger)
    }

    /// Counts the connection against its address's cap, or closes it when the address is at the
    /// cap (without an answer: nothing has been read yet).
    private func admit(_ channel: any Channel, logger: Logger) {
        guard connections.limit > 0, let address = channel.remoteAddress?.ipAddress,
            !addressing.isProxy(address)
        else { return }
        if connections.open(address) {
            channel.closeFuture.whenComplete { [connections] _ in connections.close(address) }
        } else {
            logger.debug(
                "connection refused: the address holds the most connections allowed",
                metadata: ["client": "\(addressing.logged(address))", "limit": "\(connections.limit)"])
            channel.close(promise: nil)
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with ``LinkHTTPChannel``'s guards.
    static func link(limits: ConnectionLimits, addressing: ClientAddressing) -> HTTPServerBuilder {
        let connections = ConnectionsPerAddress(limit: limits.connectionsPerAddress)
        return HTTPServerBuilder { responder in
            LinkHTTPChannel(
                base: HTTP1Channel(responder: responder), limits: limits, connections: connections,
                addressing: addressing)
        }
    }
}
