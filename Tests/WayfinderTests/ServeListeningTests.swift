import Foundation
import Testing

/// `wayfinder serve` listens on loopback unless told otherwise, and says so when it starts.
@Suite("wayfinder serve: where it listens")
struct ServeListeningTests {
    @Test("by default it listens on 127.0.0.1 and its start-up log says so and how to listen on all interfaces")
    func saysItListensOnLoopback() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wayfinder-listen-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let port = Int.random(in: 20_000..<60_000)
        let log = directory.appendingPathComponent("serve.log")
        FileManager.default.createFile(atPath: log.path, contents: nil)
        let process = Process()
        process.executableURL = WayfinderProcess.binary
        process.arguments = ["serve", "--manifest", "Examples/storyteller.json"]
        process.currentDirectoryURL = WayfinderProcess.packageRoot
        process.environment = [
            "WAYFINDER_PORT": String(port),
            "WAYFINDER_DATABASE": "sqlite:" + directory.appendingPathComponent("s.sqlite").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: log)
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        var text = ""
        for _ in 0..<300 where !text.contains("loopback only") {
            try await Task.sleep(for: .milliseconds(100))
            text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        }
        let line = try #require(text.split(separator: "\n").first { $0.contains("loopback only") }, "\(text)")
        #expect(line.contains("127.0.0.1:\(port)"))
        #expect(line.contains("--host 0.0.0.0"))
        #expect(line.contains("WAYFINDER_HOST"))
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
    }

    @Test("--help says the default address is loopback and how to listen on all interfaces")
    func helpSaysLoopback() async throws {
        let result = try await WayfinderProcess.runDetached(["serve", "--help"])
        #expect(result.stdout.contains("127.0.0.1"))
        #expect(result.stdout.contains("0.0.0.0"))
        #expect(result.stdout.contains("WAYFINDER_PUBLIC_RATE_PER_MINUTE"))
    }
}
