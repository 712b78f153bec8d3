import DNSClient
import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A live `pebble-challtestsrv` (Debian's `pebble` package, Let's Encrypt's test DNS server) on
/// loopback: it answers DNS over UDP and TCP from records set through its management API.
public final class ChallengeTestServer: Sendable {
    /// The executable, when installed.
    public static let path = ChildProcess.find("pebble-challtestsrv")
    /// Why tests that need it are skipped.
    public static let skipNote = "pebble-challtestsrv is not installed (apt-get install pebble)"

    let process: ChildProcess
    /// The DNS port (UDP and TCP) on 127.0.0.1.
    public let dnsPort: Int
    let managementPort: Int

    /// `127.0.0.1:PORT`, as `WAYFINDER_DNS_RESOLVER` takes it.
    public var address: String { "127.0.0.1:\(dnsPort)" }

    private init(process: ChildProcess, dnsPort: Int, managementPort: Int) {
        self.process = process
        self.dnsPort = dnsPort
        self.managementPort = managementPort
    }

    /// Starts a server on free ports and waits until its management API answers.
    public static func start() async throws -> ChallengeTestServer {
        let directory = try TemporaryDirectory(prefix: "wayfinder-challtestsrv")
        defer { directory.remove() }
        var log = ""
        // Ports are free when picked, not when the server binds them: another test may take one
        // in between, and then the server exits at once. It is started again on new ports.
        for attempt in 1...3 {
            let dnsPort = try await freeLoopbackPort()
            let managementPort = try await freeLoopbackPort()
            let logPath = directory.path("server-\(attempt).log")
            let process = try ChildProcess.start(
                path ?? "pebble-challtestsrv",
                [
                    "-dns01", "127.0.0.1:\(dnsPort)", "-management", "127.0.0.1:\(managementPort)",
                    "-http01", "", "-https01", "", "-tlsalpn01", "",
                ], standardOutput: .file(logPath), standardError: .standardOutput)
            let server = ChallengeTestServer(process: process, dnsPort: dnsPort, managementPort: managementPort)
            let ready = await eventually(within: .seconds(60)) {
                guard process.isRunning else { return true }
                return (try? await server.setTXT("ready.wayfinder.test", "1")) != nil
            }
            // The management API answering does not mean the DNS port does: its listener starts
            // apart, and a busy machine may take a while; another socket may also hold the UDP port.
            if ready && process.isRunning, await server.answersDNS() { return server }
            server.stop()
            log = (try? String(contentsOfFile: logPath, encoding: .utf8)) ?? ""
        }
        throw StartFailure(log: log)
    }

    struct StartFailure: Error, CustomStringConvertible {
        var log: String
        var description: String {
            "pebble-challtestsrv did not answer on its management port in three tries of 60 s; it printed:\n\(log)"
        }
    }

    /// Whether the DNS port answers (the record `start()` set) within 30 s.
    private func answersDNS() async -> Bool {
        guard let resolver = try? DNSResolver(address: address, timeout: .milliseconds(500), attempts: 1),
            let name = try? DNSName("ready.wayfinder.test")
        else { return false }
        return await eventually(within: .seconds(30)) {
            guard process.isRunning else { return true }
            return (try? await resolver.textRecords(of: name)) == ["1"]
        } && process.isRunning
    }

    /// Stops the server.
    public func stop() {
        process.signal(SIGTERM)
    }

    /// Adds a TXT record (a name may hold several).
    public func setTXT(_ name: String, _ value: String) async throws {
        try await post("set-txt", ["host": name + ".", "value": value])
    }

    /// Makes `name` an alias of `target`.
    public func setCNAME(_ name: String, to target: String) async throws {
        try await post("set-cname", ["host": name + ".", "target": target + "."])
    }

    /// Makes every query for `name` answer SERVFAIL.
    public func setServerFailure(_ name: String) async throws {
        try await post("set-servfail", ["host": name + "."])
    }

    private func post(_ path: String, _ body: [String: String]) async throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(managementPort)/\(path)")!)
        request.httpMethod = "POST"
        request.httpBody = try JSONEncoder().encode(body)
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        guard status == 200 else { throw ManagementRefused(path: path, status: status) }
    }

    struct ManagementRefused: Error, CustomStringConvertible {
        var path: String
        var status: Int
        var description: String { "pebble-challtestsrv answered \(status) to /\(path)" }
    }
}
