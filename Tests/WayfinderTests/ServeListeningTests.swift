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

    @Test("SIGTERM ends with a line saying how many pending clicks were written, then that it stopped")
    func shutdownLineSaysWhatWasFlushed() async throws {
        // A flush interval longer than the test: the clicks are still pending at SIGTERM.
        try await ServeProcess.withServer(
            named: "shutdown", environment: ["WAYFINDER_CLICK_FLUSH_INTERVAL_MS": "600000"]
        ) { server, database in
            let key = try await ServeProcess.makeKey(database: "sqlite:" + database.path)
            #expect(try await server.create("bye", story: 1, key: key).status == 201)
            for _ in 0..<3 { _ = try await server.visit("bye") }
            server.signal(SIGTERM)
            #expect(await server.exit().status == 0)
            let lines = server.log.split(separator: "\n")
            let flushed = try #require(
                lines.firstIndex { $0.contains("shutting down: 3 pending clicks written") }, "\(server.log)")
            let stopped = try #require(lines.firstIndex { $0.contains("wayfinder stopped") }, "\(server.log)")
            #expect(flushed < stopped)
        }
    }

    @Test("--help says the default address is loopback and how to listen on all interfaces")
    func helpSaysLoopback() async throws {
        let result = try await WayfinderProcess.runDetached(["serve", "--help"])
        #expect(result.stdout.contains("127.0.0.1"))
        #expect(result.stdout.contains("0.0.0.0"))
        #expect(result.stdout.contains("WAYFINDER_PUBLIC_RATE_PER_MINUTE"))
    }

    @Test("a second server on taken ports exits naming the address and the setting that moves it")
    func takenPortsAreNamed() async throws {
        try await ServeProcess.withServer(named: "first") { first, database in
            let second = database.deletingLastPathComponent().appendingPathComponent("second.sqlite").path
            let arguments = ["serve", "--manifest", ServeProcess.manifest, "--database", "sqlite:" + second]
            // Its own public port, the first one's metrics address: the case nobody chose a port for.
            let metrics = try await WayfinderProcess.runDetached(
                arguments,
                environment: ServeProcess.environment.merging([
                    "WAYFINDER_PORT": String(try ServeProcess.freePort()),
                    "WAYFINDER_METRICS_ADDRESS": "127.0.0.1:\(first.metricsPort)",
                ]) { $1 })
            #expect(metrics.status != 0)
            #expect(
                metrics.stderr.contains("cannot listen on 127.0.0.1:\(first.metricsPort) for /metrics"),
                "\(metrics.stderr)")
            #expect(metrics.stderr.contains("the address is in use"))
            #expect(metrics.stderr.contains("WAYFINDER_METRICS_ADDRESS"))
            let link = try await WayfinderProcess.runDetached(
                arguments,
                environment: ServeProcess.environment.merging([
                    "WAYFINDER_PORT": String(first.port), "WAYFINDER_METRICS_ADDRESS": "off",
                ]) { $1 })
            #expect(link.status != 0)
            #expect(link.stderr.contains("cannot listen on 127.0.0.1:\(first.port) for links"), "\(link.stderr)")
            #expect(link.stderr.contains("WAYFINDER_PORT"))
        }
    }
}
