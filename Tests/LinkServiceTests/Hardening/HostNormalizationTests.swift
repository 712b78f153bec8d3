import HTTPTypes
import HummingbirdTesting
import LinkService
import Testing

/// The request's host, read one way everywhere: a fully qualified name's trailing dot is ignored
/// (as DNS and the TLS ask ignore it), and an HTTP/1.1 request must name one.
@Suite("Host: trailing dot and missing Host")
struct HostNormalizationTests {
    static let desktop = "User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0"

    @Test("a trailing-dot Host is served as the name without the dot: redirects, the TLS ask, resolve")
    func trailingDot() async throws {
        try await HostileRequestTests.withSpringServer { client, port in
            let connection = try RawHTTPConnection(port: port)
            let redirect = await connection.exchange(
                Array("GET /spring HTTP/1.1\r\nHost: LOCALHOST.\r\n\(Self.desktop)\r\n\r\n".utf8))
            connection.close()
            #expect(redirect.status == 302, "\(redirect.text.prefix(300))")
            #expect(redirect.text.contains("https://www.local.example.com/s"))
            let ask = try await client.execute(uri: "/tls/ask?domain=localhost.", method: .get)
            #expect(ask.status == .ok)
            let resolve = try await client.execute(uri: "/api/v1/resolve?url=https://localhost./spring", method: .get)
            #expect(resolve.status == .ok)
            #expect(resolve.json?[path: "destination"] == "https://www.local.example.com/s")
        }
    }

    @Test("an HTTP/1.1 request without Host is 400 missing-host; HTTP/1.0 may leave it out")
    func missingHost() async throws {
        try await HostileRequestTests.withSpringServer { _, port in
            let connection = try RawHTTPConnection(port: port)
            let answer = await connection.exchange(Array("GET /spring HTTP/1.1\r\n\(Self.desktop)\r\n\r\n".utf8))
            connection.close()
            #expect(answer.status == 400, "\(answer.text.prefix(300))")
            #expect(answer.text.contains("urn:wayfinder:problem:missing-host"))
            let old = try RawHTTPConnection(port: port)
            let answered = await old.exchange(Array("GET /healthz HTTP/1.0\r\n\r\n".utf8))
            old.close()
            #expect(answered.status == 200, "\(answered.text.prefix(300))")
        }
    }
}
