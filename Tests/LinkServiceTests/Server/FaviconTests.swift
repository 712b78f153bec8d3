import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkService
import Testing

@Suite("The server's icon")
struct FaviconTests {
    @Test("/favicon.ico is an SVG icon on a tenant's domain and on any other host, and the console links it")
    func faviconAnswers() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().test(.router) { client in
            for host in ["stories.example.com", "127.0.0.1:8080"] {
                let response = try await client.execute(
                    uri: "/favicon.ico", method: .get, headers: [HTTPField.Name("Host")!: host])
                #expect(response.status == .ok, "\(host)")
                #expect(response.headers[.contentType] == "image/svg+xml")
                #expect(response.text.hasPrefix("<svg "))
            }
            let signIn = try await client.execute(uri: "/admin/sign-in", method: .get)
            #expect(signIn.text.contains(#"<link rel="icon" href="/favicon.ico" type="image/svg+xml">"#))
        }
        await service.close()
    }
}
