import DeepLinkRouting
import Foundation
import HTTPTypes
import LinkCore
import NIOCore
import NIOHTTP1

/// Makes the request's host unambiguous before anything reads it (RFC 9112 §3.2): a request with
/// more than one `Host` line is answered `400` and its connection closed; the authority of an
/// absolute-form target (`GET http://share.example.com/x HTTP/1.1`) replaces whatever `Host`
/// said; an absolute-form target without a host, and an HTTP/1.1 request without `Host`
/// (`missing-host`), are answered `400` too.
///
/// It sits between the HTTP/1 decoder and the conversion to HTTP types, the last place that sees
/// the request target as sent (the conversion keeps only its path) and every `Host` line.
package final class RequestTargetHandler: ChannelInboundHandler, RemovableChannelHandler {
    package typealias InboundIn = HTTPServerRequestPart
    package typealias InboundOut = HTTPServerRequestPart
    package typealias OutboundOut = HTTPServerResponsePart

    /// Set once a request was refused: the rest of the connection's input is dropped.
    private var refused = false

    package func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard !refused else { return }
        guard case .head(var head) = unwrapInboundIn(data) else {
            context.fireChannelRead(data)
            return
        }
        let hosts = head.headers["Host"]
        guard hosts.count <= 1 else {
            refuse(
                "the request has \(hosts.count) Host fields (\(hosts.joined(separator: ", "))); send exactly one",
                context: context)
            return
        }
        if head.method != .CONNECT, let authority = Self.absoluteFormAuthority(of: head.uri) {
            guard !authority.isEmpty else {
                refuse("the absolute-form request target \(head.uri) names no host", context: context)
                return
            }
            head.headers.replaceOrAdd(name: "Host", value: authority)
            context.fireChannelRead(wrapInboundOut(.head(head)))
            return
        }
        // RFC 9112 §3.2: an HTTP/1.1 request without Host is answered 400 (HTTP/1.0 had none).
        if hosts.isEmpty, head.version.major > 1 || head.version.minor >= 1 {
            refuse(
                "an HTTP/1.1 request names its host in a Host field; send one, such as Host: example.com",
                code: .missingHost, title: "The request names no host", context: context)
            return
        }
        context.fireChannelRead(data)
    }

    /// The authority (`host[:port]`, without user information) of an absolute-form target, or
    /// `nil` when `target` is not one (`/path`, `*`).
    package static func absoluteFormAuthority(of target: String) -> String? {
        guard !target.hasPrefix("/"), let schemeEnd = target.range(of: "://") else { return nil }
        let scheme = target[..<schemeEnd.lowerBound]
        guard !scheme.isEmpty, scheme.allSatisfy({ $0.isLetter || $0.isNumber || "+-.".contains($0) }) else {
            return nil
        }
        let rest = target[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        return String(authority.split(separator: "@", omittingEmptySubsequences: false).last ?? "")
    }

    private func refuse(
        _ detail: String, code: ErrorCode<Problem> = .ambiguousHost, title: String = "The request's host is ambiguous",
        context: ChannelHandlerContext
    ) {
        refused = true
        let problem = Problem(.badRequest, code, title: title, detail: detail, field: "Host")
        let body = context.channel.allocator.buffer(string: problem.jsonNode.jsonText(style: .compact))
        let headers = HTTPHeaders([
            ("Content-Type", "application/problem+json"), ("Content-Length", String(body.readableBytes)),
            ("Connection", "close"),
        ])
        context.write(
            wrapOutboundOut(.head(HTTPResponseHead(version: .http1_1, status: .badRequest, headers: headers))),
            promise: nil)
        context.write(wrapOutboundOut(.body(.byteBuffer(body))), promise: nil)
        let written = context.eventLoop.makePromise(of: Void.self)
        context.writeAndFlush(wrapOutboundOut(.end(nil)), promise: written)
        written.futureResult.assumeIsolated().whenComplete { _ in context.close(promise: nil) }
    }
}
