import Foundation
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@Suite("wayfinder serve")
struct ServeCommandTests {
    @Test("--help documents every flag and its environment variable")
    func help() async throws {
        let result = try await WayfinderProcess.runDetached(["serve", "--help"])
        #expect(result.status == 0)
        for text in [
            "--manifest", "--database", "--host", "--port", "WAYFINDER_DATABASE", "WAYFINDER_PORT",
            "WAYFINDER_MANIFEST", "Examples:",
        ] {
            #expect(result.stdout.contains(text), "missing \(text)")
        }
    }

    @Test("without a manifest it says how to give one and exits 1")
    func noManifest() async throws {
        let result = try await WayfinderProcess.runDetached(["serve"], environment: [:])
        #expect(result.status == 1)
        #expect(result.stderr.contains("--manifest"))
    }

    @Test("it serves on the port from WAYFINDER_PORT and exits 0 on SIGTERM")
    func servesAndStopsGracefully() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wayfinder-serve-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let port = Int.random(in: 20_000..<60_000)
        let process = Process()
        process.executableURL = WayfinderProcess.binary
        process.arguments = ["serve", "--manifest", "Examples/storyteller.json"]
        process.currentDirectoryURL = WayfinderProcess.packageRoot
        process.environment = [
            "WAYFINDER_PORT": String(port),
            "WAYFINDER_DATABASE": "sqlite:" + directory.appendingPathComponent("s.sqlite").path,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        defer { if process.isRunning { process.terminate() } }

        var healthy = false
        for _ in 0..<100 where !healthy {
            if let (data, response) = try? await URLSession.shared.data(
                from: URL(string: "http://127.0.0.1:\(port)/healthz")!),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                healthy = String(decoding: data, as: UTF8.self) == "ok\n"
            } else {
                try await Task.sleep(for: .milliseconds(100))
            }
        }
        #expect(healthy)
        kill(process.processIdentifier, SIGTERM)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 0)
        #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("s.sqlite").path))
    }
}
