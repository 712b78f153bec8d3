import Foundation
import Testing

/// `wayfinder check --resolve HOST:PORT:ADDRESS`: a deployment checked before DNS points at it.
/// The host names are under `.invalid`, which never resolves: only the override can reach them.
@Suite("wayfinder check --resolve", .serialized)
struct CheckResolveTests {
    static let host = "links.wayfinder.invalid"

    func check(_ arguments: [String], serverNames: [String] = [host]) async throws -> WayfinderProcess.Result {
        let authority = try TestCertificateAuthority(serverNames: serverNames, namesLoopback: false)
        let caFile = try authority.writeCertificatePEM()
        defer { try? FileManager.default.removeItem(at: caFile) }
        return try await LoopbackHTTPSServer.run(authority: authority, replies: CheckCommandTests.wellServed) { port in
            try await WayfinderProcess.runDetached(
                ["check", "\(Self.host):\(port)", "--ca-certificate", caFile.path, "--timeout", "30"]
                    + arguments.map { $0.replacingOccurrences(of: "PORT", with: String(port)) })
        }
    }

    @Test("with --resolve the host is reached at the address and its certificate is checked for the host name")
    func resolvesToTheAddress() async throws {
        let result = try await check(["--resolve", "\(Self.host):PORT:127.0.0.1"])
        #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        #expect(
            result.stdout.contains(
                "✓ tls /.well-known/apple-app-site-association: the certificate is valid for \(Self.host)\n"),
            "\(result.stdout)")
    }

    @Test("the certificate must still name the host: an address override does not lower the TLS check")
    func certificateStillChecked() async throws {
        let result = try await check(
            ["--resolve", "\(Self.host):PORT:127.0.0.1"], serverNames: ["other.wayfinder.invalid"])
        #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
        #expect(result.stdout.contains("✗ tls"), "\(result.stdout)")
    }

    @Test("an entry for another port is ignored, as curl ignores it: the name is looked up and does not resolve")
    func otherPortIgnored() async throws {
        let result = try await check(["--resolve", "\(Self.host):1:127.0.0.1"])
        #expect(result.status == 2, "\(result.stdout)\(result.stderr)")
    }

    @Test(
        "a --resolve that is not HOST:PORT:ADDRESS is refused with an example, exit 2",
        arguments: [
            "links.example.com", "links.example.com:443", "links.example.com:443:", "links.example.com:https:127.0.0.1",
        ])
    func malformed(argument: String) async throws {
        let result = try await WayfinderProcess.runDetached(["check", "links.example.com", "--resolve", argument])
        #expect(result.status == 2)
        #expect(result.stderr.contains("wayfinder check: "), "\(result.stderr)")
    }
}
