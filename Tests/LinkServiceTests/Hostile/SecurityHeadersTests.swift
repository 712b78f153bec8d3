import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// Every HTML page the server answers carries the same security headers, set in one place.
@Suite("Security headers")
struct SecurityHeadersTests {
    /// Checks the security headers of an HTML answer, and that every inline style and script is
    /// one the policy allows.
    static func checkHTMLHeaders(_ response: TestResponse, _ what: String) {
        #expect(response.headers[.contentType]?.hasPrefix("text/html") == true, "\(what) is not HTML")
        guard let policy = response.headers[.contentSecurityPolicy] else {
            Issue.record("\(what) has no Content-Security-Policy")
            return
        }
        #expect(policy.contains("default-src 'none'"), "\(what): \(policy)")
        #expect(policy.contains("frame-ancestors 'none'"), "\(what): \(policy)")
        #expect(policy.contains("base-uri 'none'"), "\(what): \(policy)")
        #expect(!policy.contains("unsafe-inline") && !policy.contains("unsafe-eval"), "\(what): \(policy)")
        #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY", "\(what)")
        #expect(response.headers[.xContentTypeOptions] == "nosniff", "\(what)")
        #expect(response.headers[HTTPField.Name("Referrer-Policy")!] != nil, "\(what)")
        let nonce = policy.components(separatedBy: "'nonce-").dropFirst().first?.prefix { $0 != "'" }
        for tag in ["<style", "<script"] {
            for piece in response.text.components(separatedBy: tag).dropFirst() {
                let attributes = piece.prefix { $0 != ">" }
                if tag == "<script", attributes.contains("src=") { continue }
                guard let nonce else {
                    Issue.record("\(what) has an inline \(tag)> but its policy allows none")
                    continue
                }
                #expect(attributes.contains("nonce=\"\(nonce)\""), "\(what): \(tag)\(attributes)> lacks the nonce")
            }
        }
    }

    @Test("preview, crawler, debug and 404 pages of the redirect path, and every console page")
    func everyHTMLPage() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(
                    string:
                        #"{"destination": "https://www.stories.example.com/a", "slug": "page", "social": {"title": "T", "imageURL": "https://cdn.example.com/i.png"}}"#
                ))
            #expect(created.status == .created)
            let visits: [(String, String, String)] = [
                ("preview page", "/page", Agents.iPhone), ("crawler page", "/page", Agents.facebook),
                ("debug page", "/page?d=1", Agents.desktop), ("404 of a slug", "/nothing-here", Agents.desktop),
                ("404 of a long link", "/?link=https%3A%2F%2Fevil.example.net%2F", Agents.desktop),
            ]
            for (what, path, agent) in visits {
                let response = try await client.execute(uri: path, method: .get, headers: .visitor(agent))
                #expect(response.status == .ok || response.status == .notFound, "\(what): \(response.status)")
                Self.checkHTMLHeaders(response, what)
            }
            let unknownHost = try await client.execute(
                uri: "/page", method: .get, headers: .visitor(Agents.desktop, host: "unknown.example.net"))
            #expect(unknownHost.status == .notFound)
            Self.checkHTMLHeaders(unknownHost, "404 of an unknown host")

            var console = ConsoleClient(client)
            let refused = try await console.signIn("wf_not-a-key")
            #expect(refused.status == .unauthorized)
            Self.checkHTMLHeaders(refused, "refused sign-in")
            try await console.signIn(key)
            for path in [
                "/admin/sign-in", "/admin/links", "/admin/links?q=x", "/admin/new-link", "/admin/links/page",
                "/admin/links/page/edit", "/admin/links/page/delete", "/admin/domains", "/admin/links/missing",
                "/admin/no/such/page", "/admin/links?cursor=garbage",
            ] {
                Self.checkHTMLHeaders(try await console.get(path), path)
            }
            let noCSRF = try await console.post("/admin/links/page/delete", [:], csrf: nil)
            #expect(noCSRF.status == .forbidden)
            Self.checkHTMLHeaders(noCSRF, "refused form")
        }
        await service.close()
    }
}
