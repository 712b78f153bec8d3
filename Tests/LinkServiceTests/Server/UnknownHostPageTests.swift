import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import NIOCore
import Testing

@Suite("A host that is no tenant's domain")
struct UnknownHostPageTests {
    @Test("127.0.0.1 gets a page that names the served domains and how to try a link, and nothing more")
    func localhostExplainsHost() async throws {
        try await TestService.withLink(#"{"destination": "https://stories.example.com/story/42", "slug": "spring"}"#) {
            client, _ in
            for path in ["/", "/spring"] {
                let response = try await client.execute(
                    uri: path, method: .get, headers: [HTTPField.Name("Host")!: "127.0.0.1:8080"])
                #expect(response.status == .notFound)
                let page = response.text
                #expect(page.contains("<h1>No links on 127.0.0.1:8080</h1>"))
                for domain in ["stories.example.com", "share.stories.example.com", "chat.example.com"] {
                    #expect(page.contains("<li><code>\(domain)</code></li>"), "\(domain)")
                }
                #expect(page.contains("curl -i -H &#39;Host: "))
                #expect(page.contains(" http://127.0.0.1:8080/SLUG</code>"))
                #expect(page.contains(#"<a href="/admin">/admin</a>"#))
                #expect(!page.contains("This link does not exist"))
                // Only the public domains: no app IDs, no links, no tenant internals.
                #expect(!page.contains("ABCDE12345"))
                #expect(!page.contains("story/42"))
            }
        }
    }

    @Test("a Host that is not a plain host name is not echoed into the page")
    func oddHostIsNotEchoed() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/x", method: .get, headers: [HTTPField.Name("Host")!: "evil\"<b>.example"])
            #expect(response.status == .notFound)
            #expect(response.text.contains("No links on HOST:PORT"))
            #expect(!response.text.contains("<b>"))
        }
        await service.close()
    }

    @Test("a tenant's domain keeps the plain not-found page for an unknown slug")
    func tenantDomainKeepsNotFound() async throws {
        let service = try await TestService.make()
        try await service.server.makeApplication().test(.router) { client in
            let response = try await client.execute(
                uri: "/nothing-here", method: .get, headers: .visitor("curl/8", host: "stories.example.com"))
            #expect(response.status == .notFound)
            #expect(response.text.contains("This link does not exist"))
            #expect(!response.text.contains("No links on"))
        }
        await service.close()
    }
}
