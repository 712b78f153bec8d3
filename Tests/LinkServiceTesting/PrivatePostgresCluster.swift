import Dispatch
import Foundation
import NIOCore
import NIOPosix
import Testing

/// A PostgreSQL server of one test's own, on a free loopback port, that the test may stop and
/// start (the shared test server must stay up for the tests running alongside).
///
/// Uses the server binaries of Debian's `postgresql` package (what `Scripts/test-postgres`
/// installs); when running as root, runs them as the `postgres` user, since the server refuses
/// to run as root.
package struct PrivatePostgresCluster: Sendable {
    package let dataDirectory: String
    package let port: Int

    package static let binDirectory: String? = {
        let root = "/usr/lib/postgresql"
        let versions = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        return versions.sorted { $0.compare($1, options: .numeric) == .orderedAscending }
            .map { "\(root)/\($0)/bin" }
            .last { FileManager.default.isExecutableFile(atPath: "\($0)/initdb") }
    }()

    package static let isRoot = getuid() == 0

    package static var isAvailable: Bool {
        binDirectory != nil && (!isRoot || FileManager.default.isExecutableFile(atPath: "/usr/sbin/runuser"))
    }

    package static let skipNote: Comment =
        "database outage tests skipped: no PostgreSQL server binaries in /usr/lib/postgresql/*/bin (Scripts/test-postgres start installs them)"

    /// `postgres://postgres@127.0.0.1:PORT/postgres`, TLS off.
    package var url: String { "postgres://postgres@127.0.0.1:\(port)/postgres?sslmode=disable" }

    /// Creates a cluster in a new temporary folder and starts it.
    package static func start() async throws -> PrivatePostgresCluster {
        let directory = "/tmp/wayfinder-pg-" + UUID().uuidString.prefix(8).lowercased()
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: false)
        if isRoot { try await run(["/bin/chown", "postgres:postgres", directory], asPostgres: false) }
        let cluster = PrivatePostgresCluster(dataDirectory: directory, port: try await freeLoopbackPort())
        try await cluster.postgres(
            "initdb", "-D", directory, "-U", "postgres", "--auth=trust", "-E", "UTF8", "--no-sync")
        try await cluster.startServer()
        return cluster
    }

    /// Starts the server again (after ``stop()``) and waits until it takes connections.
    package func startServer() async throws {
        try await postgres(
            "pg_ctl", "-D", dataDirectory, "-l", "\(dataDirectory)/server.log", "-w", "-o",
            "-c listen_addresses=127.0.0.1 -p \(port) -k \(dataDirectory) -c fsync=off", "start")
    }

    /// Stops the server at once (`fast`: clients are disconnected), as a restart does.
    package func stop() async throws {
        try await postgres("pg_ctl", "-D", dataDirectory, "-m", "fast", "-w", "stop")
    }

    /// Stops the server if it runs and deletes its folder.
    package func remove() async {
        try? await stop()
        try? FileManager.default.removeItem(atPath: dataDirectory)
    }

    private func postgres(_ tool: String, _ arguments: String...) async throws {
        let bin = try #require(Self.binDirectory)
        try await Self.run(["\(bin)/\(tool)"] + arguments, asPostgres: Self.isRoot)
    }

    /// Runs `command` and waits for it; its standard error goes into the failure message.
    ///
    /// Standard error goes to a file, not a pipe: the server that `pg_ctl start` leaves running
    /// inherits it, and a pipe would not reach its end until that server stops.
    private static func run(_ command: [String], asPostgres: Bool) async throws {
        let arguments = (asPostgres ? ["/usr/sbin/runuser", "-u", "postgres", "--"] : []) + command
        let errorPath = FileManager.default.temporaryDirectory.appendingPathComponent(
            "wayfinder-pg-\(UUID().uuidString).err"
        ).path
        defer { try? FileManager.default.removeItem(atPath: errorPath) }
        let result = try await ChildProcess.runDetached(
            arguments[0], Array(arguments.dropFirst()), environment: ["PATH": "/usr/bin:/bin", "LC_ALL": "C"],
            standardOutput: .discard, standardError: .file(errorPath))
        let message = (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? ""
        try #require(
            result.termination == .exited(0),
            "\(command.joined(separator: " ")) failed (\(result.termination)): \(message)")
    }
}
