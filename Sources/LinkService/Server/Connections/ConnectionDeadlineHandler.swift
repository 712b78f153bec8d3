import LinkCore
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
///
/// One timer per connection, not one per request: a request only notes the time its phase began,
/// and the timer, when it fires, closes the connection if the phase's deadline has passed or
/// else waits again for it (as NIO's `IdleStateHandler` does). A keep-alive connection answering
/// thousands of requests a second schedules a timer about once per idle timeout, where
/// scheduling and cancelling one at each request's head and end cost every redirect measurably.
package final class ConnectionDeadlineHandler: ChannelDuplexHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPServerRequestPart
    package typealias InboundOut = HTTPServerRequestPart
    package typealias OutboundIn = HTTPServerResponsePart
    package typealias OutboundOut = HTTPServerResponsePart

    /// What the connection waits for, and since when.
    private enum Phase {
        /// The first request's head, since the connection opened.
        case head(since: NIODeadline)
        /// The rest of a request whose head came at `since`.
        case body(since: NIODeadline)
        /// The server's answer: no deadline.
        case working
        /// The next request, since the last response ended.
        case idle(since: NIODeadline)
    }

    private let limits: ConnectionLimits
    /// Called at the connection's first complete request head (``ConnectionCeiling``).
    private var firstHead: (() -> Void)?
    private var phase = Phase.working
    private var timer: Scheduled<Void>?
    /// When `timer` fires.
    private var timerDeadline: NIODeadline?
    /// Requests whose response has not ended (more than one when the client pipelines).
    private var unanswered = 0

    package init(limits: ConnectionLimits, firstHead: (() -> Void)? = nil) {
        self.limits = limits
        self.firstHead = firstHead
    }

    package func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { begin(.head(since: context.eventLoop.now), context: context) }
    }

    package func channelActive(context: ChannelHandlerContext) {
        begin(.head(since: context.eventLoop.now), context: context)
        context.fireChannelActive()
    }

    package func handlerRemoved(context: ChannelHandlerContext) {
        stopTimer()
    }

    package func channelInactive(context: ChannelHandlerContext) {
        stopTimer()
        context.fireChannelInactive()
    }

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        switch unwrapInboundIn(data) {
        case .head:
            unanswered += 1
            if let firstHead {
                firstHead()
                self.firstHead = nil
            }
            // The timer is checked at the end of the read (`channelReadComplete`): a request
            // without a body usually ends in the same read, and then needs no timer at all.
            phase = .body(since: context.eventLoop.now)
        case .body:
            break
        case .end:
            phase = .working
        }
        context.fireChannelRead(data)
    }

    package func channelReadComplete(context: ChannelHandlerContext) {
        if case .body = phase { ensureTimer(context: context) }
        context.fireChannelReadComplete()
    }

    package func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        if case .end = unwrapOutboundIn(data) {
            unanswered = max(0, unanswered - 1)
            if unanswered == 0, case .working = phase { begin(.idle(since: context.eventLoop.now), context: context) }
        }
        context.write(data, promise: promise)
    }

    private func begin(_ next: Phase, context: ChannelHandlerContext) {
        phase = next
        ensureTimer(context: context)
    }

    /// The moment the current phase must be over, if it has one.
    private var deadline: NIODeadline? {
        switch phase {
        case .head(let since): since + TimeAmount(limits.headTimeout)
        case .body(let since): since + TimeAmount(limits.bodyTimeout)
        case .working: nil
        case .idle(let since): since + TimeAmount(limits.idleTimeout)
        }
    }

    /// Makes sure a timer fires no later than the current phase's deadline. A timer already due
    /// sooner is kept: it looks again when it fires.
    private func ensureTimer(context: ChannelHandlerContext) {
        guard let deadline else { return }
        if let timerDeadline, timerDeadline <= deadline { return }
        stopTimer()
        timerDeadline = deadline
        timer = context.eventLoop.assumeIsolated().scheduleTask(deadline: deadline) { [self] in
            timerFired(context: context)
        }
    }

    private func timerFired(context: ChannelHandlerContext) {
        timer = nil
        timerDeadline = nil
        guard let deadline else { return }  // working: the next phase starts a timer
        if deadline <= context.eventLoop.now {
            context.close(promise: nil)
        } else {
            ensureTimer(context: context)
        }
    }

    private func stopTimer() {
        timer?.cancel()
        timer = nil
        timerDeadline = nil
    }
}
