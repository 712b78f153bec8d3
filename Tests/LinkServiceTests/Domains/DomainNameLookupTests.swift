import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkServiceTesting
import Testing

/// One normalisation of a name looked up (the TLS ask, a domain in a URL): ``DomainName``'s.
@Suite("Domain name lookup form")
struct DomainNameLookupTests {
    @Test(
        "a host name is lowered, loses its final dot and an international label becomes xn--; a name no tenant could add is only lowered",
        arguments: [
            ("Go.Acme.COM.", "go.acme.com"), ("bücher.example", "xn--bcher-kva.example"), ("LOCALHOST.", "localhost"),
            ("127.0.0.1", "127.0.0.1"), ("", ""),
        ])
    func lookupForm(text: String, expected: String) {
        #expect(DomainName.lookupForm(text) == expected)
    }

    @Test("the TLS ask finds a tenant domain written in capitals with a final dot, and refuses others")
    func tlsAsk() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().testLive { client in
            let asked = try await client.execute(uri: "/tls/ask?domain=Stories.Example.COM.", method: .get)
            #expect(asked.status == .ok)
            let other = try await client.execute(uri: "/tls/ask?domain=elsewhere.example", method: .get)
            #expect(other.status == .notFound)
        }
        await service.close()
    }
}
