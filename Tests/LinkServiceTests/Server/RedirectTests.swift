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

/// Every row of the spec's redirect table, on a link whose destination is a page of the website.
@Suite("Redirect table")
struct RedirectTests {
    static let destination = "https://www.stories.example.com/featured/spring"

    /// Runs `body` with a server that has the link `slug` made from `extra` JSON members.
    func withLink(
        slug: String = "spring", extra: String = "",
        _ body: @Sendable (any TestClientProtocol, LinkServer) async throws -> Void
    ) async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let app = service.server.makeApplication()
        try await app.test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(
                    string:
                        #"{"destination": "\#(Self.destination)", "slug": "\#(slug)", "social": {"title": "Spring <stories> & \"more\"", "description": "Fresh tales", "imageURL": "https://cdn.example.com/spring.png"}\#(extra)}"#
                ))
            #expect(created.status == .created)
            try await body(client, service.server)
        }
        await service.close()
    }

    @Test("link-preview crawlers get 200 HTML with og, twitter and App Links tags", arguments: Agents.crawlers)
    func crawler(agent: String) async throws {
        try await withLink { client, _ in
            let response = try await client.execute(uri: "/spring", method: .get, headers: .visitor(agent))
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "text/html; charset=utf-8")
            let html = response.text
            #expect(
                html.contains(#"<meta property="og:title" content="Spring &lt;stories&gt; &amp; &quot;more&quot;">"#))
            #expect(html.contains(#"<meta property="og:description" content="Fresh tales">"#))
            #expect(html.contains(#"<meta property="og:image" content="https://cdn.example.com/spring.png">"#))
            #expect(html.contains(#"<meta property="og:url" content="https://stories.example.com/spring">"#))
            #expect(html.contains(#"<meta name="twitter:card" content="summary_large_image">"#))
            #expect(html.contains(#"<meta property="al:android:package" content="com.storyteller.app">"#))
            #expect(html.contains(#"<meta property="al:web:url" content="\#(Self.destination)">"#))
            #expect(!html.contains("<stories>"))
        }
    }

    @Test("iOS gets the preview page with a Smart App Banner, Get the app and Continue on the web")
    func iOSPreview() async throws {
        try await withLink { client, _ in
            let response = try await client.execute(uri: "/spring", method: .get, headers: .visitor(Agents.iPhone))
            #expect(response.status == .ok)
            let html = response.text.withoutClickIDs
            #expect(
                html.contains(
                    #"<meta name="apple-itunes-app" content="app-id=1234567890, app-argument=\#(Self.destination)">"#))
            // The banner's "Open" hands the app the destination with the click's id.
            #expect(response.text.clickIDs.count == 1)
            #expect(html.contains(#"<a class="button" href="https://apps.apple.com/app/id1234567890">Get the app</a>"#))
            #expect(html.contains(#"href="\#(Self.destination)">Continue on the web</a>"#))
        }
    }

    @Test("iOS goes straight to the App Store when the link skips the preview")
    func iOSSkipPreview() async throws {
        try await withLink(extra: #", "skipPreview": true"#) { client, _ in
            let response = try await client.execute(uri: "/spring", method: .get, headers: .visitor(Agents.iPhone))
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://apps.apple.com/app/id1234567890")
        }
    }

    @Test("iOS with skipPreview goes to the link's iOS fallback when it has one")
    func iOSFallback() async throws {
        try await withLink(
            extra: #", "skipPreview": true, "fallbacks": {"ios": "https://www.stories.example.com/ios"}"#
        ) { client, _ in
            let response = try await client.execute(uri: "/spring", method: .get, headers: .visitor(Agents.iPad))
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://www.stories.example.com/ios")
        }
    }

    @Test("Android goes to the Play Store with a referrer that carries the link id")
    func android() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.destination)", "slug": "droid"}"#))
            let id = try #require(created.json?[path: "id"])
            let response = try await client.execute(uri: "/droid", method: .get, headers: .visitor(Agents.android))
            #expect(response.status == .found)
            let location = try #require(response.headers[.location])
            #expect(location.hasPrefix("https://play.google.com/store/apps/details?id=com.storyteller.app&referrer="))
            let referrer = try #require(
                URLComponents(string: location)?.queryItems?.first { $0.name == "referrer" }?.value)
            #expect(referrer.contains("wayfinder_link=\(id)"))
        }
        await service.close()
    }

    @Test("Android goes to the link's Android fallback when it has one")
    func androidFallback() async throws {
        try await withLink(extra: #", "fallbacks": {"android": "https://www.stories.example.com/android"}"#) {
            client, _ in
            let response = try await client.execute(uri: "/spring", method: .get, headers: .visitor(Agents.android))
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://www.stories.example.com/android")
        }
    }

    @Test("desktop goes to the desktop fallback, or else to the web destination")
    func desktop() async throws {
        try await withLink { client, _ in
            let response = try await client.execute(uri: "/spring", method: .get, headers: .visitor(Agents.desktop))
            #expect(response.status == .found)
            #expect(response.headers[.location] == Self.destination)
        }
        try await withLink(extra: #", "fallbacks": {"desktop": "https://www.stories.example.com/desk"}"#) { client, _ in
            let response = try await client.execute(uri: "/spring", method: .get, headers: .visitor(Agents.desktop))
            #expect(response.headers[.location] == "https://www.stories.example.com/desk")
        }
    }

    @Test("redirects are 302 and never cached")
    func never301() async throws {
        try await withLink { client, _ in
            for agent in [Agents.android, Agents.desktop, "curl/8.0"] {
                let response = try await client.execute(uri: "/spring", method: .get, headers: .visitor(agent))
                #expect(response.status == .found)
                #expect(response.headers[.cacheControl] == "no-store")
            }
        }
    }

    @Test("an unknown slug is a 404 page, an expired one a 410 page, both linking the tenant's website")
    func notFound() async throws {
        try await withLink(slug: "old", extra: #", "expiresAt": "2001-01-01T00:00:00Z""#) { client, _ in
            for (path, status) in [("/old", HTTPResponse.Status.gone), ("/unknown", .notFound), ("/a/b/c", .notFound)] {
                let response = try await client.execute(uri: path, method: .get, headers: .visitor(Agents.iPhone))
                #expect(response.status == status)
                #expect(response.text.contains(#"href="https://www.stories.example.com">Go to Storyteller</a>"#))
            }
        }
    }

    @Test("a host that is no tenant's domain is 404")
    func unknownHost() async throws {
        try await withLink { client, _ in
            let response = try await client.execute(
                uri: "/spring", method: .get, headers: .visitor(Agents.desktop, host: "evil.example.net"))
            #expect(response.status == .notFound)
        }
    }

    @Test("the slug answers on every domain of its tenant, the Host port does not matter")
    func everyDomain() async throws {
        try await withLink { client, _ in
            for host in ["stories.example.com", "share.stories.example.com:8080", "SHARE.Stories.Example.com"] {
                let response = try await client.execute(
                    uri: "/spring", method: .get, headers: .visitor(Agents.desktop, host: host))
                #expect(response.status == .found)
            }
        }
    }

    @Test("a Firebase Dynamic Links long link keeps working: link, ofl, afl, st")
    func firebaseLongLink() async throws {
        try await withLink { client, _ in
            let link =
                "link=https%3A%2F%2Fwww.stories.example.com%2Fold&ofl=https%3A%2F%2Fwww.stories.example.com%2Fdesk&afl=https%3A%2F%2Fwww.stories.example.com%2Fdroid&st=Old%20link"
            let desktop = try await client.execute(uri: "/?\(link)", method: .get, headers: .visitor(Agents.desktop))
            #expect(desktop.status == .found)
            #expect(desktop.headers[.location] == "https://www.stories.example.com/desk")
            let android = try await client.execute(uri: "/?\(link)", method: .get, headers: .visitor(Agents.android))
            #expect(android.headers[.location] == "https://www.stories.example.com/droid")
            let crawler = try await client.execute(uri: "/?\(link)", method: .get, headers: .visitor(Agents.facebook))
            #expect(crawler.status == .ok)
            #expect(crawler.text.contains(#"<meta property="og:title" content="Old link">"#))
        }
    }
}

extension RedirectTests {
    @Test("non-ASCII in a destination is percent-encoded in Location, from the API and from a long link")
    func nonASCIILocation() async throws {
        try await withLink(
            slug: "cafe", extra: #", "fallbacks": {"desktop": "https://www.stories.example.com/café?q=ü"}"#
        ) {
            client, _ in
            let response = try await client.execute(uri: "/cafe", method: .get, headers: .visitor(Agents.desktop))
            #expect(response.status == .found)
            #expect(response.headers[.location] == "https://www.stories.example.com/caf%C3%A9?q=%C3%BC")
            let long = try await client.execute(
                uri: "/?link=https%3A%2F%2Fwww.stories.example.com%2Fcaf%C3%A9%3Fq%3D%C3%BC", method: .get,
                headers: .visitor(Agents.desktop))
            #expect(long.status == .found)
            #expect(long.headers[.location] == "https://www.stories.example.com/caf%C3%A9?q=%C3%BC")
        }
    }
}
