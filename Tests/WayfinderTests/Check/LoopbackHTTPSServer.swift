import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTLS
import NIOCore

/// What the loopback server answers at one path.
struct Reply: Sendable {
    var status: HTTPResponse.Status = .ok
    var headers: [(name: String, value: String)] = []
    var body: [UInt8] = []
    /// Never answer while the server runs (to outlast a client's time limit without a test
    /// waiting more than that limit).
    var stalls = false

    static func json(_ text: String, contentType: String = "application/json") -> Reply {
        Reply(headers: [(name: "Content-Type", value: contentType)], body: Array(text.utf8))
    }
}

/// A real HTTPS server on 127.0.0.1 (a free port), serving fixed replies with a certificate from
/// a ``TestCertificateAuthority``; paths it does not know answer 404. With `tls: false` it speaks
/// plain HTTP on that port (a server that does not speak TLS at all).
enum LoopbackHTTPSServer {
    static func run<Result: Sendable>(
        authority: TestCertificateAuthority, replies: [String: Reply], tls: Bool = true,
        _ body: @Sendable @escaping (_ port: Int) async throws -> Result
    ) async throws -> Result {
        let router = Router()
        for (path, reply) in replies {
            router.get(RouterPath(path)) { _, _ -> Response in
                // Until the server stops, which cancels the handler.
                while reply.stalls { try await Task.sleep(for: .seconds(3600)) }
                var headers = HTTPFields()
                for (name, value) in reply.headers {
                    if let field = HTTPField.Name(name) { headers.append(HTTPField(name: field, value: value)) }
                }
                return Response(
                    status: reply.status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: reply.body)))
            }
        }
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router,
            server: tls ? try .tls(.http1(), tlsConfiguration: authority.serverTLSConfiguration()) : .http1(),
            configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            }
        )
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                try await app.runService(gracefulShutdownSignals: [])
                return nil
            }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CancellationError() }
            let result = try await body(port)
            // Cancelling stops the server and any handler still stalling.
            group.cancelAll()
            return result
        }
    }
}
