import NIOCore
import NIOHTTP1

/// Closes a connection whose client misses one of ``ConnectionLimits``' deadlines: the whole head
/// of its first request within ``ConnectionLimits/headTimeout`` of connecting, each request's
/// whole body within ``ConnectionLimits/bodyTimeout`` of its head, and the next request within
/// ``ConnectionLimits/idleTimeout`` of the last response.
///
/// It sits right after the HTTP/1 decoder, so a head counts only once it is complete: a client
/// that trickles header bytes gains nothing. While the server works on a request (its body read,
/// its response not yet finished) no deadline runs.
final class ConnectionDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPServerRequestPart
    typealias InboundOut = HTTPServerRequestPart
    typealias OutboundIn = HTTPServerResponsePart
    typealias OutboundOut = HTTPServerResponsePart

    private let limits: ConnectionLimits
    private var deadline: Scheduled<Void>?
    /// Between a request's head and its end.
    private var readingRequest = false
    /// Requests whose response has not ended (more than one when the client pipelines).
    private var unanswered = 0

    init(limits: ConnectionLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { arm(limits.headTimeout, context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        arm(limits.headTimeout, context: context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        disarm()
    }

    func channelInactive(context: ChannelHandlerContext) {
        disarm()
        context.fireChannelInactive()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            readingRequest = true
            unanswered += 1
            arm(limits.bodyTimeout, context: context)
        case .body:
            break
        case .end:
            readingRequest = false
            disarm()
        }
        context.fireChannelRead(data)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0, !readingRequest { arm(limits.idleTimeout, context: context) }
        }
        context.write(data, promise: promise)
    }

    private func arm(_ timeout: Duration, context: ChannelHandlerContext) {
        disarm()
        deadline = context.eventLoop.assumeIsolated().scheduleTask(in: TimeAmount(timeout)) {
            context.close(promise: nil)
        }
    }

    private func disarm() {
        deadline?.cancel()
        deadline = nil
    }
}
