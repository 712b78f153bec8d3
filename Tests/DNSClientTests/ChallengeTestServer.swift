import DNSClient
import Foundation
import TestSupport
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// A live `pebble-challtestsrv` (Debian's `pebble` package, Let's Encrypt's test DNS server) on
/// loopback: it answers DNS over UDP and TCP from records set through its management API.
final class ChallengeTestServer: Sendable {
    static let path = ChildProcess.find("pebble-challtestsrv")
    static let skipNote: Comment = "pebble-challtestsrv is not installed (apt-get install pebble)"

    let process: ChildProcess
    let dnsPort: Int
    let managementPort: Int

    /// A resolver that asks this server, quickly giving up.
    var resolver: DNSResolver {
        get throws { try DNSResolver(address: "127.0.0.1:\(dnsPort)", timeout: .seconds(2)) }
    }

    private init(process: ChildProcess, dnsPort: Int, managementPort: Int) {
        self.process = process
        self.dnsPort = dnsPort
        self.managementPort = managementPort
    }

    /// Starts a server on free ports and waits until its management API answers.
    static func start() async throws -> ChallengeTestServer {
        let dnsPort = try await freeLoopbackPort()
        let managementPort = try await freeLoopbackPort()
        let process = try ChildProcess.start(
            try #require(path),
            [
                "-dns01", "127.0.0.1:\(dnsPort)", "-management", "127.0.0.1:\(managementPort)",
                "-http01", "", "-https01", "", "-tlsalpn01", "",
            ])
        let server = ChallengeTestServer(process: process, dnsPort: dnsPort, managementPort: managementPort)
        let ready = await eventually(within: .seconds(30)) {
            (try? await server.setTXT("ready.wayfinder.test", "1")) != nil
        }
        guard ready else {
            server.stop()
            throw StartTimeout()
        }
        return server
    }

    struct StartTimeout: Error, CustomStringConvertible {
        var description: String { "pebble-challtestsrv did not answer on its management port within 30 s" }
    }

    func stop() {
        process.signal(SIGTERM)
    }

    /// Adds a TXT record (a name may hold several).
    func setTXT(_ name: String, _ value: String) async throws {
        try await post("set-txt", ["host": name + ".", "value": value])
    }

    /// Makes `name` an alias of `target`.
    func setCNAME(_ name: String, to target: String) async throws {
        try await post("set-cname", ["host": name + ".", "target": target + "."])
    }

    /// Makes every query for `name` answer SERVFAIL.
    func setServerFailure(_ name: String) async throws {
        try await post("set-servfail", ["host": name + "."])
    }

    private func post(_ path: String, _ body: [String: String]) async throws {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(managementPort)/\(path)")!)
        request.httpMethod = "POST"
        request.httpBody = try JSONEncoder().encode(body)
        let (_, response) = try await URLSession.shared.data(for: request)
        let status = (response as? HTTPURLResponse)?.statusCode ?? 0
        try #require(status == 200, "pebble-challtestsrv answered \(status) to /\(path)")
    }
}
