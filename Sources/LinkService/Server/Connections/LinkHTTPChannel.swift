import Hummingbird
import HummingbirdCore
import LinkCore
import Logging
import NIOCore
import NIOHTTP1
import Prometheus

/// Hummingbird's HTTP/1 channel with the link service's guards for the open internet: the
/// deadlines, the connection ceiling and the per-address cap of ``ConnectionLimits`` and an
/// unambiguous `Host` (``RequestTargetHandler``).
package struct LinkHTTPChannel: ServerChildChannel {
    package typealias Value = HTTP1Channel.Value

    package let base: HTTP1Channel
    package let limits: ConnectionLimits
    package let ceiling: ConnectionCeiling
    package let connections: ConnectionsPerAddress
    /// Who is a trusted proxy, whose connections are not counted.
    package let addressing: ClientAddressing

    package func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        base.setup(channel: channel, logger: logger).flatMapThrowing { [limits, ceiling] value in
            let admission = ceiling.admit(channel, logger: logger)
            for stalled in admission.shed { stalled.close(promise: nil) }
            let pipeline = channel.pipeline.syncOperations
            let decoder = try pipeline.handler(type: ByteToMessageHandler<HTTPRequestDecoder>.self)
            // Each goes right after the decoder, so the order is decoder, deadlines, target.
            try pipeline.addHandler(RequestTargetHandler(), position: .after(decoder))
            let firstHead = admission.id.map { id in { ceiling.sentHead(id) } }
            try pipeline.addHandler(
                ConnectionDeadlineHandler(limits: limits, firstHead: firstHead), position: .after(decoder))
            guard let id = admission.id else {
                logger.debug("connection refused: at the connection ceiling, every connection has sent a request")
                channel.close(promise: nil)
                return value
            }
            channel.closeFuture.whenComplete { _ in ceiling.closed(id) }
            admit(channel, logger: logger)
            return value
        }
    }

    package func handle(value: Value, logger: Logger) async {
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
            ceiling.metrics?.refusedAtAddressCap.increment()
            channel.close(promise: nil)
        }
    }
}

extension HTTPServerBuilder {
    /// HTTP/1 with ``LinkHTTPChannel``'s guards, counted in `metrics`.
    package static func link(
        limits: ConnectionLimits, addressing: ClientAddressing, metrics: ConnectionMetrics? = nil
    ) -> HTTPServerBuilder {
        let connections = ConnectionsPerAddress(limit: limits.connectionsPerAddress)
        let ceiling = ConnectionCeiling(limit: limits.effectiveMaximumConnections, metrics: metrics)
        return HTTPServerBuilder { responder in
            LinkHTTPChannel(
                base: HTTP1Channel(responder: responder), limits: limits, ceiling: ceiling,
                connections: connections, addressing: addressing)
        }
    }
}
