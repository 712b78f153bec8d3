import DeepLinkRouting
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

/// The corrected redirect table and the FDL behaviours of any link: Accept, desktop web pages,
/// App Links tags with scheme links, long links under a path prefix, and the `?d=1` debug page.
@Suite("Redirect table, corrected, and FDL link behaviour")
struct FirebaseRedirectTests {
    func withLink(
        _ body: String, _ test: @Sendable (any TestClientProtocol) async throws -> Void
    ) async throws {
        let service = try await TestService.make(manifests: [try FirebaseFixture.manifest()])
        let key = try await service.key(for: "acme")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: body))
            #expect(created.status == .created, "\(created.text)")
            try await test(client)
        }
        await service.close()
    }

    static func get(
        _ path: String, _ agent: String, accept: String? = nil, via client: any TestClientProtocol
    ) async throws -> TestResponse {
        var headers = HTTPFields.visitor(agent, host: "acme.example")
        if let accept { headers[.accept] = accept }
        return try await client.execute(uri: path, method: .get, headers: headers)
    }

    @Test("a client that does not accept HTML gets the 302, never the preview page")
    func acceptJSON() async throws {
        try await withLink(#"{"destination": "https://acme.example/story/5", "slug": "five"}"#) { client in
            let page = try await Self.get("/five", Agents.iPhone, accept: "text/html,*/*;q=0.8", via: client)
            #expect(page.status == .ok)
            let api = try await Self.get("/five", Agents.iPhone, accept: "application/json", via: client)
            #expect(api.status == .found)
            #expect(api.headers[.location] == "https://apps.apple.com/app/id555")
            let refused = try await Self.get(
                "/five", Agents.iPhone, accept: "text/html;q=0, application/json", via: client)
            #expect(refused.status == .found)
        }
    }

    @Test("desktop: the desktop fallback, else the route's web page with the link's parameters, else the website")
    func desktop() async throws {
        try await withLink(#"{"destination": "https://acme.example/story/a%20b", "slug": "story"}"#) { client in
            let response = try await Self.get("/story", Agents.desktop, via: client)
            #expect(response.headers[.location] == "https://www.acme.example/read/a%20b")
        }
        try await withLink(#"{"destination": "acme://story/12", "slug": "scheme"}"#) { client in
            let response = try await Self.get("/scheme", Agents.desktop, via: client)
            #expect(response.headers[.location] == "https://www.acme.example/read/12")
        }
        try await withLink(#"{"destination": "https://acme.example/topic/1", "slug": "topic"}"#) { client in
            let response = try await Self.get("/topic", Agents.desktop, via: client)
            #expect(response.headers[.location] == "https://www.acme.example")
        }
    }

    @Test("al:ios:url and al:android:url carry the route's scheme link; https stays in og:url and al:web:url")
    func appLinksTags() async throws {
        try await withLink(#"{"destination": "https://acme.example/story/42", "slug": "tags"}"#) { client in
            let html = try await Self.get("/tags", Agents.facebook, via: client).text
            #expect(html.contains(#"<meta property="al:ios:url" content="acme://story/42">"#))
            #expect(html.contains(#"<meta property="al:android:url" content="acme://story/42">"#))
            #expect(html.contains(#"<meta property="al:ios:app_store_id" content="555">"#))
            #expect(html.contains(#"<meta property="og:url" content="https://acme.example/tags">"#))
            #expect(html.contains(#"<meta property="al:web:url" content="https://www.acme.example/read/42">"#))
        }
    }

    @Test("long links work at the root and under the domain's link path prefix, not under other paths")
    func longLinkPrefix() async throws {
        try await withLink(#"{"destination": "https://acme.example/story/1", "slug": "one"}"#) { client in
            let query = "?link=https%3A%2F%2Facme.example%2Fstory%2F77&ofl=https%3A%2F%2Fwww.acme.example%2Fdesk"
            for path in ["/", "/link", "/link/"] {
                let response = try await Self.get(path + query, Agents.desktop, via: client)
                #expect(response.status == .found, "\(path)")
                #expect(response.headers[.location] == "https://www.acme.example/desk")
            }
            let elsewhere = try await Self.get("/promo/" + query, Agents.desktop, via: client)
            #expect(elsewhere.status == .notFound)
            let slug = try await Self.get("/link/one", Agents.desktop, via: client)
            #expect(slug.headers[.location] == "https://www.acme.example/read/1")
        }
    }

    @Test("?d=1 shows, per visitor, where the link sends them and why, as the redirects do")
    func debugPage() async throws {
        let body = #"""
            {"destination": "https://acme.example/story/9", "slug": "nine", "skipPreview": true,
             "fallbacks": {"android": "https://www.acme.example/android", "desktop": "https://www.acme.example/desk"}}
            """#
        try await withLink(body) { client in
            let response = try await Self.get("/nine?d=1", Agents.desktop, via: client)
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = response.text
            for visitor in [
                "iOS or Android with the app", "iOS without the app", "iPad without the app", "Android without the app",
                "Desktop", "Link-preview crawler",
            ] {
                #expect(html.contains("<td>\(visitor)</td>"), "\(visitor)")
            }
            #expect(html.contains("shows the route &quot;story&quot; (storyId=9)"))
            #expect(html.contains("efr / skipPreview skips the preview"))
            #expect(html.contains(#"<a href="https://apps.apple.com/app/id555">"#))
            #expect(html.contains("afl / the Android fallback"))
            #expect(html.contains("ofl / the desktop fallback"))
            #expect(html.contains("link-preview crawlers read the page"))
            // The real visits agree with the page.
            #expect(html.contains("302 redirect to an Android intent"))
            let android = try await Self.get("/nine", Agents.android, via: client)
            // The page shows what every visit gets: without the click's id.
            let intent = AndroidIntent(parsing: android.headers[.location]?.withoutClickIDs ?? "")
            #expect(intent?.fallback == "https://www.acme.example/android")
            #expect(intent.map { html.contains($0.uri.replacingOccurrences(of: "&", with: "&amp;")) } == true)
            let iPhone = try await Self.get("/nine", Agents.iPhone, via: client)
            #expect(iPhone.headers[.location] == "https://apps.apple.com/app/id555")
        }
    }
}
