import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import TestSupport

/// A real HTTP server on 127.0.0.1 (a free port) answering each path with the file the test set
/// for it, and 404 for any other: a domain's origin, or Apple's CDN. The test changes the files
/// while it runs.
final class LoopbackFileServer: Sendable {
    struct File: Sendable {
        var status: HTTPResponse.Status = .ok
        var headers: HTTPFields = [.contentType: "application/json"]
        var body: [UInt8] = []
    }

    private let files = Locked<[String: File]>([:])
    /// Paths asked for, in order.
    private let asked = Locked<[String]>([])

    var requests: [String] { asked.withLock { $0 } }

    /// Answers `path` with `file` from now on (`nil`: 404).
    func serve(_ path: String, _ file: File?) {
        files.withLock { $0[path] = file }
    }

    /// Runs the server while `body` runs, with its port.
    func run<Result: Sendable>(_ body: @Sendable @escaping (_ port: Int) async throws -> Result) async throws -> Result
    {
        let router = Router()
        router.get("/**") { [files, asked] request, _ -> Response in
            let path = request.uri.path
            asked.withLock { $0.append(path) }
            guard let file = files.withLock({ $0[path] }) else {
                return Response(status: .notFound, headers: [.contentType: "text/html"])
            }
            return Response(
                status: file.status, headers: file.headers, body: .init(byteBuffer: ByteBuffer(bytes: file.body)))
        }
        return try await LoopbackServer.run(router, body)
    }
}
