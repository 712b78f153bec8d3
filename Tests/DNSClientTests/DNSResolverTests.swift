import DNSClient
import Foundation
import NIOCore
import TestSupport
import Testing

@Suite(
    "DNS resolver against a live DNS server",
    .enabled(if: ChallengeTestServer.path != nil, Comment(rawValue: ChallengeTestServer.skipNote)))
struct DNSResolverTests {
    @Test("a name's TXT records come back, each as its value")
    func textRecords() async throws {
        try await withServer { server in
            try await server.setTXT("_wayfinder-challenge.go.acme.test", "token-one")
            try await server.setTXT("_wayfinder-challenge.go.acme.test", "token-two")
            let values = try await server.resolver().textRecords(of: DNSName("_wayfinder-challenge.GO.acme.test"))
            #expect(Set(values) == ["token-one", "token-two"])
        }
    }

    @Test("an alias is followed to its target's records")
    func aliasFollowed() async throws {
        try await withServer { server in
            try await server.setTXT("_wayfinder-challenge.target.acme.test", "delegated")
            try await server.setCNAME("_wayfinder-challenge.go.acme.test", to: "_wayfinder-challenge.target.acme.test")
            let values = try await server.resolver().textRecords(of: DNSName("_wayfinder-challenge.go.acme.test"))
            #expect(values == ["delegated"])
        }
    }

    @Test("aliases that loop end with an error naming the chain")
    func aliasLoop() async throws {
        try await withServer { server in
            try await server.setCNAME("a.acme.test", to: "b.acme.test")
            try await server.setCNAME("b.acme.test", to: "a.acme.test")
            let resolver = try server.resolver()
            await #expect {
                try await resolver.textRecords(of: DNSName("a.acme.test"))
            } throws: { error in
                guard case .aliasChain(let names) = error as? DNSResolverError else { return false }
                return names.map(\.description) == ["a.acme.test", "b.acme.test", "a.acme.test"]
            }
        }
    }

    @Test("a name without TXT records answers none")
    func noRecords() async throws {
        try await withServer { server in
            let values = try await server.resolver().textRecords(of: DNSName("nothing.acme.test"))
            #expect(values.isEmpty)
        }
    }

    @Test("a server failure is an error that names the code, the name and the server")
    func serverFailure() async throws {
        try await withServer { server in
            try await server.setServerFailure("broken.acme.test")
            let resolver = try server.resolver()
            await #expect {
                try await resolver.textRecords(of: DNSName("broken.acme.test"))
            } throws: { error in
                guard case .failed(let code, let name, _) = error as? DNSResolverError else { return false }
                return code == .serverFailure && name.description == "broken.acme.test"
                    && "\(error)".contains("SERVFAIL")
            }
        }
    }

    @Test("a truncated UDP answer is asked again over TCP, which gets the whole answer")
    func truncationFallsBackToTCP() async throws {
        try await withServer { server in
            try await server.setTXT("big.acme.test", String(repeating: "x", count: 200))
            let frontPort = try await freeLoopbackPort()
            let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("PythonSupport/truncating_dns_front.py").path
            let front = try ChildProcess.start("python3", [script, "\(frontPort)", "\(server.dnsPort)"])
            defer { front.signal(SIGTERM) }
            let resolver = try DNSResolver(address: "127.0.0.1:\(frontPort)", timeout: .seconds(2))
            var values: [String] = []
            let answered = await eventually(within: .seconds(30)) {
                values = (try? await resolver.textRecords(of: DNSName("big.acme.test"))) ?? []
                return !values.isEmpty
            }
            #expect(answered, "no answer through the truncating front")
            #expect(values == [String(repeating: "x", count: 200)])
        }
    }

    @Test("nothing listening is an error that names the server, not a hang")
    func nothingListening() async throws {
        let port = try await freeLoopbackPort()
        let resolver = try DNSResolver(address: "127.0.0.1:\(port)", timeout: .milliseconds(500), attempts: 1)
        await #expect {
            try await resolver.textRecords(of: DNSName("go.acme.test"))
        } throws: { error in
            switch error as? DNSResolverError {
            case .unreachable(let server, _), .noAnswer(let server, _): server.contains("\(port)")
            default: false
            }
        }
    }

    private func withServer(_ body: (ChallengeTestServer) async throws -> Void) async throws {
        let server = try await ChallengeTestServer.start()
        defer { server.stop() }
        try await body(server)
    }
}

@Suite("DNS resolver configuration")
struct DNSResolverConfigurationTests {
    @Test(
        "a server address is an IP address with an optional port",
        arguments: [("127.0.0.1", "127.0.0.1", 53), ("127.0.0.1:8053", "127.0.0.1", 8053), ("[::1]:5353", "::1", 5353)])
    func addresses(text: String, ip: String, port: Int) throws {
        let resolver = try DNSResolver(address: text)
        #expect(resolver.server.ipAddress == ip)
        #expect(resolver.server.port == port)
    }

    @Test(
        "a host name, a bad port or garbage is refused with the form to use",
        arguments: ["dns.google:53", "127.0.0.1:0", "1.2.3.4:x", "[::1"])
    func refusedAddresses(text: String) {
        #expect {
            try DNSResolver(address: text)
        } throws: { error in
            "\(error)".contains("127.0.0.1:53") && "\(error)".contains(text)
        }
    }

    @Test("the system's resolver is the first usable nameserver of resolv.conf")
    func resolvConf() throws {
        let directory = try TemporaryDirectory(prefix: "wayfinder-resolv")
        defer { directory.remove() }
        let file = directory.url.appendingPathComponent("resolv.conf")
        try "# comment\nsearch example.com\nnameserver fe80::1%eth0\nnameserver 10.0.0.53\nnameserver 10.0.0.54\n"
            .write(to: file, atomically: true, encoding: .utf8)
        #expect(DNSResolver.system(configuration: file.path).server.ipAddress == "10.0.0.53")
        #expect(
            DNSResolver.system(configuration: directory.url.appendingPathComponent("none").path).server.ipAddress
                == "127.0.0.1")
    }
}

extension ChallengeTestServer {
    /// A resolver that asks this server, quickly giving up.
    fileprivate func resolver() throws -> DNSResolver {
        try DNSResolver(address: address, timeout: .seconds(2))
    }
}
