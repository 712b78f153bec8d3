import Hummingbird

/// A real Hummingbird server on a free loopback port, for tests that need a live HTTP peer (a
/// webhook receiver, a file server standing for a domain, an OpenID provider).
package enum LoopbackServer {
    /// Runs `router` on `127.0.0.1` at a port the system picks, calls `body` with that port once
    /// the server listens, and stops the server when `body` returns or throws.
    package static func run<Result: Sendable>(
        _ router: Router<BasicRequestContext>, _ body: (Int) async throws -> Result
    ) async throws -> Result {
        let (ports, portContinuation) = AsyncStream.makeStream(of: Int.self)
        let app = Application(
            router: router, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
            onServerRunning: { channel in
                portContinuation.yield(channel.localAddress?.port ?? 0)
                portContinuation.finish()
            })
        return try await withThrowingTaskGroup(of: Result?.self) { group in
            group.addTask {
                try await app.runService(gracefulShutdownSignals: [])
                return nil
            }
            defer { group.cancelAll() }
            var iterator = ports.makeAsyncIterator()
            guard let port = await iterator.next() else { throw CancellationError() }
            return try await body(port)
        }
    }
}
