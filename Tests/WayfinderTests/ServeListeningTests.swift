import Foundation
import Testing

/// `wayfinder serve` listens on loopback unless told otherwise, and says so when it starts.
@Suite("wayfinder serve: where it listens")
struct ServeListeningTests {
    @Test("by default it listens on 127.0.0.1 and its start-up log says so and how to listen on all interfaces")
    func saysItListensOnLoopback() async throws {
        try await ServeProcess.withServer(named: "listen") { server, _ in
            // The notice is written before the server answers /healthz, which start() waited for.
            let line = try #require(
                server.log.split(separator: "\n").first { $0.contains("loopback only") }, "\(server.log)")
            #expect(line.contains("127.0.0.1:\(server.port)"))
            #expect(line.contains("--host 0.0.0.0"))
            #expect(line.contains("WAYFINDER_HOST"))
            server.signal(SIGTERM)
            #expect(await server.exit().status == 0)
        }
    }

    @Test("--help says the default address is loopback and how to listen on all interfaces")
    func helpSaysLoopback() async throws {
        let result = try await WayfinderProcess.runDetached(["serve", "--help"])
        #expect(result.stdout.contains("127.0.0.1"))
        #expect(result.stdout.contains("0.0.0.0"))
        #expect(result.stdout.contains("WAYFINDER_PUBLIC_RATE_PER_MINUTE"))
    }
}
