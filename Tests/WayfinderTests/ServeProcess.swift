import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// A `wayfinder serve` process on a free loopback port, for the fault tests: it can be killed,
/// stopped and started again on the same database, as an operator or a crash would.
final class ServeProcess: @unchecked Sendable {
    let process: ChildProcess
    let port: Int
    /// The metrics listener's port (`WAYFINDER_METRICS_ADDRESS`): each process its own.
    let metricsPort: Int
    let logPath: String

    static let manifest = "Examples/storyteller.json"
    static let host = "stories.example.com"
    static let desktop =
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36"

    /// Generous budgets: the fault tests send many API calls from one address and one key.
    static let environment: [String: String] = [
        "PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
        "WAYFINDER_API_RATE_PER_MINUTE": "1000000",
        "WAYFINDER_RESOLVE_RATE_PER_MINUTE": "1000000",
        "WAYFINDER_DEFERRED_CLAIM_RATE_PER_MINUTE": "1000000",
        "WAYFINDER_CLICK_FLUSH_INTERVAL_MS": "200",
    ]

    private init(process: ChildProcess, port: Int, metricsPort: Int, logPath: String) {
        self.process = process
        self.port = port
        self.metricsPort = metricsPort
        self.logPath = logPath
    }

    /// Starts `wayfinder serve --database <database>`, or, with `launcher`, that command line
    /// followed by the binary's path and the port (for a server in a namespace of its own), and
    /// waits until `/healthz` answers.
    static func start(
        database: String, logDirectory: URL, launcher: [String]? = nil, environment extra: [String: String] = [:],
        manifests: [String] = [manifest]
    ) async throws -> ServeProcess {
        let port = try freePort()
        let metricsPort = try freePort()
        let logPath = logDirectory.appendingPathComponent("serve-\(port).log").path
        let command =
            launcher.map { Array($0) + [WayfinderProcess.binary.path] }
            ?? [WayfinderProcess.binary.path, "serve"] + manifests.flatMap { ["--manifest", $0] } + [
                "--database", database,
            ]
        let process = try ChildProcess.start(
            command[0], Array(command.dropFirst()),
            environment: Self.environment.merging(extra) { $1 }.merging([
                "WAYFINDER_PORT": String(port), "WAYFINDER_METRICS_ADDRESS": "127.0.0.1:\(metricsPort)",
            ]) { $1 },
            directory: WayfinderProcess.packageRoot.path, standardOutput: .file(logPath),
            standardError: .standardOutput)
        let server = ServeProcess(process: process, port: port, metricsPort: metricsPort, logPath: logPath)
        do {
            try await server.waitUntilHealthy()
        } catch {
            await server.kill()
            throw error
        }
        return server
    }

    /// Runs `body` with a server on a new SQLite file in a directory of its own (its log is there
    /// too); the server is killed and the directory removed afterwards, whatever `body` does.
    static func withServer<R>(
        named name: String, environment: [String: String] = [:], _ body: (ServeProcess, URL) async throws -> R
    ) async throws -> R {
        let folder = try TemporaryDirectory(prefix: "wayfinder-\(name)")
        defer { folder.remove() }
        let directory = folder.url
        let database = directory.appendingPathComponent("links.sqlite")
        let server = try await start(
            database: "sqlite:" + database.path, logDirectory: directory, environment: environment)
        do {
            let result = try await body(server, database)
            await server.kill()
            return result
        } catch {
            await server.kill()
            throw error
        }
    }

    var pid: Int32 { process.pid }
    var base: String { "http://127.0.0.1:\(port)" }
    var log: String { (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? "" }

    func waitUntilHealthy(within limit: Duration = .seconds(60)) async throws {
        let deadline = ContinuousClock.now + limit
        while ContinuousClock.now < deadline {
            try #require(process.isRunning, "wayfinder serve exited: \(log)")
            if let response = try? await FaultClient.shared.get("\(base)/healthz"), response.status == 200 {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        Issue.record("wayfinder serve did not answer /healthz within \(limit): \(log)")
        throw CancellationError()
    }

    func signal(_ number: Int32) {
        process.signal(number)
    }

    /// Waits for the process to end; whether it exited (rather than died of a signal) and its
    /// status (or the signal's number).
    func exit() async -> (exited: Bool, status: Int32) {
        switch await process.termination() {
        case .exited(let status): (true, status)
        case .signalled(let signal): (false, signal)
        }
    }

    /// Kills the process if it still runs and waits for it: the clean-up that runs whatever
    /// the test's outcome.
    func kill() async {
        signal(SIGKILL)
        _ = await exit()
    }

    /// A port nothing listens on right now.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        try #require(socket >= 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
                bind(socket, pointer, length) == 0 && getsockname(socket, pointer, &length) == 0
            }
        }
        try #require(bound)
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// The HTTP client of the fault tests: no redirects followed, no retries, a time limit on every
/// call, enough connections for the concurrent loads.
struct FaultClient: Sendable {
    struct Response: Sendable {
        var status: Int
        var headers: [String: String]
        var body: String

        var json: [String: Any]? {
            (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        }
    }

    static let shared = FaultClient()

    let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.redirectConfiguration = .disallow
        configuration.connectionPool.concurrentHTTP1ConnectionsPerHostSoftLimit = 32
        configuration.timeout = .init(connect: .seconds(5), read: .seconds(60))
        return HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
    }()

    func get(_ url: String, headers: [String: String] = [:]) async throws -> Response {
        try await send(url, method: .GET, headers: headers, body: nil)
    }

    func post(_ url: String, headers: [String: String] = [:], json: String) async throws -> Response {
        try await send(
            url, method: .POST, headers: headers.merging(["Content-Type": "application/json"]) { $1 }, body: json)
    }

    func send(_ url: String, method: HTTPMethod, headers: [String: String], body: String?) async throws -> Response {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers { request.headers.replaceOrAdd(name: name, value: value) }
        if let body { request.body = .bytes(ByteBuffer(string: body)) }
        let response = try await client.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 16 << 20)
        var fields: [String: String] = [:]
        for header in response.headers { fields[header.name.lowercased()] = header.value }
        return Response(status: Int(response.status.code), headers: fields, body: String(buffer: bytes))
    }
}

extension ServeProcess {
    /// Makes an API key for the storyteller tenant in `database`.
    static func makeKey(database: String) async throws -> String {
        let result = try await WayfinderProcess.runDetached([
            "keys", "create", "--tenant", "storyteller", "--manifest", manifest, "--database", database,
        ])
        try #require(result.status == 0, "keys create failed: \(result.stderr)")
        return result.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func create(_ slug: String, story: Int, key: String) async throws -> FaultClient.Response {
        try await FaultClient.shared.post(
            "\(base)/api/v1/links", headers: ["Authorization": "Bearer \(key)"],
            json: #"{"destination": "https://stories.example.com/story/\#(story)", "slug": "\#(slug)"}"#)
    }

    func visit(_ slug: String, userAgent: String = ServeProcess.desktop) async throws -> FaultClient.Response {
        try await FaultClient.shared.get("\(base)/\(slug)", headers: ["Host": Self.host, "User-Agent": userAgent])
    }

    func api(_ path: String, key: String) async throws -> FaultClient.Response {
        try await FaultClient.shared.get("\(base)/api/v1/\(path)", headers: ["Authorization": "Bearer \(key)"])
    }

    /// Clicks (people and bots) the stats of `slug` count.
    func clicks(_ slug: String, key: String) async throws -> Int {
        let stats = try await api("links/\(slug)/stats", key: key)
        try #require(stats.status == 200, "stats of \(slug): \(stats.status) \(stats.body)")
        let json = try #require(stats.json)
        return ((json["clicks"] as? Int) ?? -1) + ((json["botClicks"] as? Int) ?? -1)
    }

    /// A sample's value in `/metrics` (0 when absent).
    func metric(_ name: String) async throws -> Double {
        let text = try await FaultClient.shared.get("http://127.0.0.1:\(metricsPort)/metrics").body
        for line in text.split(separator: "\n") where line.hasPrefix(name + " ") {
            return Double(line.split(separator: " ").last ?? "") ?? 0
        }
        return 0
    }
}
