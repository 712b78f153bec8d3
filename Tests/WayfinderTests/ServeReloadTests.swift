import Foundation
import Testing

/// `SIGHUP` to a running `wayfinder serve` (what `systemctl reload` sends): every manifest is read
/// again; a good set is served at once with no request dropped, a bad one is refused with
/// `manifest validate`'s diagnostics in the log while the old set keeps serving.
@Suite("wayfinder serve: reload on SIGHUP", .timeLimit(.minutes(3)))
struct ServeReloadTests {
    static let aasa = "/.well-known/apple-app-site-association"
    static let newDomain = "go.stories.example.com"

    /// The storyteller example with `extraDomains` added to its domains.
    static func manifest(extraDomains: [String]) throws -> Data {
        let data = try Data(contentsOf: WayfinderProcess.packageRoot.appendingPathComponent(ServeProcess.manifest))
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["domains"] = (object["domains"] as? [String] ?? []) + extraDomains
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }

    static func status(_ server: ServeProcess, host: String) async throws -> Int {
        try await FaultClient.shared.get("\(server.base)\(Self.aasa)", headers: ["Host": host]).status
    }

    @Test(
        "a changed manifest is served after SIGHUP with no failed request under load; a bad one is refused with validate's diagnostics and the old set keeps serving"
    )
    func reloadOnHangup() async throws {
        let folder = try TemporaryDirectory(prefix: "wayfinder-reload")
        defer { folder.remove() }
        let manifest = folder.url.appendingPathComponent("storyteller.json")
        try Self.manifest(extraDomains: []).write(to: manifest)
        let server = try await ServeProcess.start(
            database: "sqlite:" + folder.url.appendingPathComponent("links.sqlite").path, logDirectory: folder.url,
            manifests: [manifest.path])
        do {
            try await Self.exercise(server, manifest: manifest)
            await server.kill()
        } catch {
            await server.kill()
            throw error
        }
    }

    private static func exercise(_ server: ServeProcess, manifest: URL) async throws {
        #expect(await eventually(within: .seconds(30)) { server.log.contains("SIGHUP reloads the manifests") })
        #expect(try await Self.status(server, host: Self.newDomain) == 404)

        // A load on the old domain runs through the reload: every answer must be a 200.
        let loading = Locked(true)
        let failures = Locked<[Int]>([])
        let answered = Locked(0)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    while loading.withLock({ $0 }) {
                        let code = try await Self.status(server, host: "stories.example.com")
                        answered.withLock { $0 += 1 }
                        if code != 200 { failures.withLock { $0.append(code) } }
                    }
                }
            }
            group.addTask {
                // Reloaded once the load is answered, and the load goes on until it has been
                // answered a few more times after the reload.
                let answering = await eventually { answered.withLock { $0 } > 0 }
                #expect(answering)
                try Self.manifest(extraDomains: [Self.newDomain]).write(to: manifest)
                server.signal(SIGHUP)
                let served = await eventually(within: .seconds(20)) {
                    (try? await Self.status(server, host: Self.newDomain)) == 200
                }
                #expect(served, "\(server.log)")
                let reloaded = answered.withLock { $0 }
                let wentOn = await eventually { answered.withLock { $0 } >= reloaded + 8 }
                #expect(wentOn)
                loading.withLock { $0 = false }
            }
            try await group.waitForAll()
        }
        #expect(failures.withLock { $0 }.isEmpty)
        #expect(answered.withLock { $0 } > 0)
        #expect(try await server.metric("wayfinder_manifest_generation") == 2)

        // A bad manifest: refused with what `manifest validate` says, logged; the old set stays.
        try Data(#"{"id": "Storyteller", "domains": ["stories.example.com"], "routes": []}"#.utf8).write(to: manifest)
        let validate = try await WayfinderProcess.runDetached(["manifest", "validate", manifest.path])
        #expect(validate.status == 1)
        server.signal(SIGHUP)
        #expect(await eventually(within: .seconds(20)) { server.log.contains("manifest reload refused") })
        // Every diagnostic line `manifest validate` prints (not its summary) is in the log as it is.
        let diagnostics = validate.stdout.split(separator: "\n").filter { !$0.contains(": not valid (") }
        #expect(diagnostics.count == 3, "\(validate.stdout)")
        for line in diagnostics {
            #expect(server.log.contains(line), "not in the log: \(line)\n\(server.log)")
        }
        #expect(try await Self.status(server, host: Self.newDomain) == 200)
        #expect(try await server.metric("wayfinder_manifest_last_reload_success") == 0)
        #expect(try await server.metric("wayfinder_manifest_generation") == 2)
        #expect(server.process.isRunning)
    }
}
