import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// RFC 9112 §3.2: the request's host is never ambiguous. Raw requests on a live server, since an
/// HTTP client would not send them.
@Suite("Host ambiguity")
struct HostAmbiguityTests {
    static let desktop = "User-Agent: Mozilla/5.0 (Windows NT 10.0; Win64; x64) Chrome/124.0"

    @Test("the authority of an absolute-form target picks the tenant, not Host")
    func absoluteForm() async throws {
        try await HostileRequestTests.withSpringServer { _, port in
            let tenant = try RawHTTPConnection(port: port)
            let redirected = await tenant.exchange(
                Array("GET http://localhost/spring HTTP/1.1\r\nHost: elsewhere.example\r\n\(Self.desktop)\r\n\r\n".utf8)
            )
            tenant.close()
            #expect(redirected.status == 302, "\(redirected.text.prefix(300))")
            #expect(redirected.text.contains("https://www.local.example.com/s"))

            let other = try RawHTTPConnection(port: port)
            let refused = await other.exchange(
                Array("GET http://evil.example.net/spring HTTP/1.1\r\nHost: localhost\r\n\(Self.desktop)\r\n\r\n".utf8))
            other.close()
            #expect(refused.status == 404, "\(refused.text.prefix(300))")
        }
    }

    @Test("a request with two Host lines is a 400 naming both, whichever tenant either names")
    func twoHosts() async throws {
        try await HostileRequestTests.withSpringServer { _, port in
            for hosts in [
                ("localhost", "evil.example.net"), ("evil.example.net", "localhost"), ("localhost", "localhost"),
            ] {
                let connection = try RawHTTPConnection(port: port)
                let answer = await connection.exchange(
                    Array(
                        "GET /spring HTTP/1.1\r\nHost: \(hosts.0)\r\nHost: \(hosts.1)\r\n\(Self.desktop)\r\n\r\n".utf8))
                connection.close()
                #expect(answer.status == 400, "\(hosts): \(answer.text.prefix(300))")
                #expect(answer.text.contains("ambiguous-host"))
                #expect(answer.text.contains("2 Host fields"))
            }
        }
    }
}
