import Foundation
import Testing

/// `wayfinder serve` with its SQLite file on a small filesystem of its own (a tmpfs mounted in a
/// private mount namespace, so nothing outside the server sees it and it goes away with the
/// server), filled and freed while the server runs.
@Suite("Disk full", .serialized, .timeLimit(.minutes(5)))
struct DiskFullTests {
    @Test(
        "while the SQLite disk is full, creates answer 503 storage-full, known links redirect and their clicks wait in memory; when space returns everything works again without a restart"
    )
    func diskFull() async throws {
        let directory = try ProcessFaultTests.makeDirectory("full")
        defer { try? FileManager.default.removeItem(at: directory) }
        let mountPoint = directory.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: false)
        guard await Self.canMount(at: mountPoint.path) else {
            try Test.cancel(
                "disk-full test skipped: this machine does not let the tests mount a tmpfs in a private mount namespace (needs root or CAP_SYS_ADMIN, and unshare)"
            )
        }
        let keyFile = directory.appendingPathComponent("key").path
        let database = "sqlite:\(mountPoint.path)/links.sqlite"
        // unshare → sh → (mount, make a key, exec wayfinder serve): one process ID throughout.
        let script = """
            set -e
            mount -t tmpfs -o size=8m wayfinder-disk-full "$1"
            "$4" keys create --tenant storyteller --manifest "$3" --database "sqlite:$1/links.sqlite" > "$2"
            exec "$4" serve --manifest "$3" --database "sqlite:$1/links.sqlite"
            """
        let server = try await ServeProcess.start(
            database: database, logDirectory: directory,
            launcher: [
                "/usr/bin/unshare", "--mount", "--propagation", "private", "--", "/bin/sh", "-c", script, "sh",
                mountPoint.path, keyFile, ServeProcess.manifest,
            ])
        do {
            try await Self.exercise(
                server, key: try String(contentsOfFile: keyFile, encoding: .utf8), disk: mountPoint.path)
            server.signal(SIGTERM)
            let status = await server.exit()
            #expect(status.exited && status.status == 0, "\(server.log)")
        } catch {
            await server.kill()
            throw error
        }
    }

    private static func exercise(_ server: ServeProcess, key: String, disk: String) async throws {
        let key = key.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(try await server.create("known", story: 1, key: key).status == 201)
        #expect(try await server.create("cold", story: 2, key: key).status == 201)
        #expect(try await server.api("links/known", key: key).status == 200)
        #expect(try await server.visit("known").status == 302)
        #expect(
            await eventually(every: .milliseconds(100)) {
                (try? await server.metric("wayfinder_click_buffer_depth")) == 0
            })

        try await fill(disk, of: server)
        for attempt in 0..<3 {
            let refused = try await server.create("during-\(attempt)", story: 3, key: key)
            #expect(refused.status == 503, "\(refused.body)")
            #expect(refused.headers["content-type"] == "application/problem+json")
            #expect(refused.headers["retry-after"] != nil)
            #expect(refused.json?["type"] as? String == "urn:wayfinder:problem:storage-full")
            let title = refused.json?["title"] as? String ?? ""
            #expect(title.contains("disk is full"), "\(title)")
        }
        // Known links redirect, also one never read since the start (not cached): reads need no
        // space. Their clicks wait in memory while every flush fails.
        for _ in 0..<3 { #expect(try await server.visit("known").status == 302) }
        let failedFlushes = server.log.components(separatedBy: "clicks not written").count
        for _ in 0..<2 { #expect(try await server.visit("cold").status == 302) }
        // Until a flush has failed since: the clicks are still in memory after it.
        #expect(
            await eventually { server.log.components(separatedBy: "clicks not written").count > failedFlushes },
            "\(server.log)")
        let depth = try await server.metric("wayfinder_click_buffer_depth")
        #expect(depth == 5, "\(server.log)")
        #expect(try await server.get("healthz").status == 200)

        try await free(disk, of: server)
        // No restart: the next create and the next flush succeed.
        #expect(
            await eventually(every: .milliseconds(100)) {
                (try? await server.create("after", story: 4, key: key).status) == 201
            })
        #expect(
            await eventually(every: .milliseconds(100)) {
                (try? await server.metric("wayfinder_click_buffer_depth")) == 0
            })
        #expect(try await server.clicks("known", key: key) == 4)
        #expect(try await server.clicks("cold", key: key) == 2)
        #expect(try await server.api("links/during-0", key: key).status == 404)
        #expect(try await server.visit("after").status == 302)
    }

    /// Fills the server's filesystem to the last byte, from inside its mount namespace.
    private static func fill(_ disk: String, of server: ServeProcess) async throws {
        try await inNamespace(
            of: server,
            #"fallocate -l $(( $(stat -f -c %a "$1") * $(stat -f -c %S "$1") )) "$1/fill"; dd if=/dev/zero of="$1/fill-rest" bs=512 2>/dev/null || true; test "$(stat -f -c %a "$1")" = 0"#,
            disk)
    }

    private static func free(_ disk: String, of server: ServeProcess) async throws {
        try await inNamespace(of: server, #"rm -f "$1/fill" "$1/fill-rest""#, disk)
    }

    private static func inNamespace(of server: ServeProcess, _ script: String, _ argument: String) async throws {
        let result = try await run([
            "/usr/bin/nsenter", "--target", String(server.pid), "--mount", "--", "/bin/sh", "-c", script, "sh",
            argument,
        ])
        try #require(result.status == 0, "\(script): \(result.output)")
    }

    /// Whether a tmpfs can be mounted in a private mount namespace here.
    private static func canMount(at path: String) async -> Bool {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
            FileManager.default.isExecutableFile(atPath: "/usr/bin/nsenter")
        else { return false }
        let result = try? await run([
            "/usr/bin/unshare", "--mount", "--propagation", "private", "--", "/bin/sh", "-c",
            #"mount -t tmpfs -o size=1m wayfinder-probe "$1""#, "sh", path,
        ])
        return result?.status == 0
    }

    /// Runs a command on a thread of its own and waits for it; its status and output.
    private static func run(_ arguments: [String]) async throws -> (status: Int32, output: String) {
        let result = try await ChildProcess.runDetached(
            arguments[0], Array(arguments.dropFirst()), environment: ServeProcess.environment,
            standardError: .standardOutput)
        return (result.status, result.stdout)
    }
}

extension ServeProcess {
    func get(_ path: String) async throws -> FaultClient.Response {
        try await FaultClient.shared.get("\(base)/\(path)")
    }
}
