import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TestSupport

/// A webhook receiver on 127.0.0.1 (a free port) that keeps every request it gets at `/hook` and
/// answers each with the next of its scripted replies (then `200`).
///
/// A reply may be held: it is not sent until the test calls ``release()`` (or the receiver
/// stops), so a test makes a slow endpoint without waiting out a delay.
final class WebhookReceiver: Sendable {
    struct Delivery: Sendable {
        var headers: HTTPFields
        var body: String

        func header(_ name: String) -> String? { headers[HTTPField.Name(name)!] }
    }

    struct Reply: Sendable {
        var status: HTTPResponse.Status = .ok
        var headers: HTTPFields = [:]
        /// Whether the reply waits for ``WebhookReceiver/release()``.
        var held = false
    }

    /// Whether held replies may go, and the requests waiting to answer until they may.
    private let gate = Locked<(open: Bool, waiting: [CheckedContinuation<Void, Never>])>((false, []))

    private let state = Locked<(deliveries: [Delivery], replies: [Reply])>(([], []))

    /// Requests being answered now, and the most at once so far.
    private let inFlight = Locked<(now: Int, most: Int)>((0, 0))

    var deliveries: [Delivery] { state.withLock { $0.deliveries } }

    /// Requests being answered now.
    var inFlightNow: Int { inFlight.withLock { $0.now } }

    /// The most requests it was answering at once.
    var mostInFlight: Int { inFlight.withLock { $0.most } }

    /// Answers the next requests with `replies`, in order.
    func script(_ replies: [Reply]) {
        state.withLock { $0.replies += replies }
    }

    /// Lets every held reply go, now and from now on.
    func release() {
        let waiting = gate.withLock { gate in
            gate.open = true
            defer { gate.waiting = [] }
            return gate.waiting
        }
        for request in waiting { request.resume() }
    }

    private func hold() async {
        await withCheckedContinuation { continuation in
            let open = gate.withLock { gate in
                if !gate.open { gate.waiting.append(continuation) }
                return gate.open
            }
            if open { continuation.resume() }
        }
    }

    /// Runs the receiver while `body` runs, with the URL of its `/hook`.
    func run<Result: Sendable>(_ body: @Sendable @escaping (_ url: String) async throws -> Result) async throws
        -> Result
    {
        let router = Router()
        router.post("/hook") { [self, state, inFlight] request, _ -> Response in
            inFlight.withLock {
                $0.now += 1
                $0.most = max($0.most, $0.now)
            }
            defer { inFlight.withLock { $0.now -= 1 } }
            let bytes = try await request.body.collect(upTo: 1 << 20)
            let reply = state.withLock { state -> Reply in
                state.deliveries.append(Delivery(headers: request.headers, body: String(buffer: bytes)))
                return state.replies.isEmpty ? Reply() : state.replies.removeFirst()
            }
            if reply.held { await hold() }
            return Response(status: reply.status, headers: reply.headers)
        }
        router.post("/elsewhere") { [state] request, _ -> Response in
            state.withLock { $0.deliveries.append(Delivery(headers: request.headers, body: "elsewhere")) }
            return Response(status: .ok)
        }
        return try await LoopbackServer.run(router) { port in
            defer { release() }
            return try await body("http://127.0.0.1:\(port)/hook")
        }
    }
}
