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

/// The console at `/admin`: sessions, their cookie, CSRF, tenants apart, and the same rules as
/// the API.
@Suite("Console")
struct ConsoleTests {
    static let web = "https://www.stories.example.com/featured"

    /// The attributes of a `Set-Cookie` value (after `name=value`), in any order.
    static func attributes(of setCookie: String) -> Set<String> {
        Set(setCookie.split(separator: ";").dropFirst().map { $0.trimmingCharacters(in: .whitespaces) })
    }

    @Test("a wrong key says so, sets no cookie and opens no session")
    func wrongKey() async throws {
        let service = try await TestService.make()
        _ = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            let response = try await console.signIn("wf_" + String(repeating: "x", count: 40))
            #expect(response.status == .unauthorized)
            #expect(response.text.contains("That API key is not valid"))
            #expect(response.headers[.setCookie] == nil)
            #expect(console.cookie == nil)
            let links = try await console.get("/admin/links")
            #expect(links.status == .seeOther)
            #expect(links.headers[.location] == "/admin/sign-in")
        }
        #expect(try await service.store.deleteSessions(lastUsedBefore: Date().addingTimeInterval(3600)) == 0)
        await service.close()
    }

    @Test("the session cookie is HttpOnly, SameSite=Strict, for /admin only, and not Secure over plain HTTP")
    func cookieFlags() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            let response = try await console.signIn(key)
            #expect(response.status == .seeOther)
            #expect(response.headers[.location] == "/admin/links")
            let cookie = try #require(response.headers[.setCookie])
            #expect(Self.attributes(of: cookie) == ["Path=/admin", "HttpOnly", "SameSite=Strict"])
            let page = try await console.get("/admin/links")
            #expect(page.status == .ok)
            #expect(page.text.contains("<h1>Links</h1>"))
            #expect(page.text.contains("storyteller"))
        }
        await service.close()
    }

    @Test("behind a configured TLS proxy the cookie is Secure; the same header from anyone else is ignored")
    func secureBehindProxy() async throws {
        for trusted in [true, false] {
            var configuration = LinkServiceConfiguration(port: 0)
            configuration.trustedProxies = trusted ? ["127.0.0.1"] : []
            let service = try await TestService.make(configuration: configuration)
            let key = try await service.key(for: "storyteller")
            try await service.server.makeApplication().testLive { client in
                var console = ConsoleClient(client)
                console.extraHeaders[HTTPField.Name("X-Forwarded-Proto")!] = "https"
                let response = try await console.signIn(key)
                let cookie = try #require(response.headers[.setCookie])
                #expect(Self.attributes(of: cookie).contains("Secure") == trusted)
                // Over TLS the cookie takes the __Host- prefix: Secure, Path=/, no Domain, so no
                // sibling subdomain can set or shadow it.
                #expect(cookie.hasPrefix("__Host-wayfinder_console=") == trusted)
                #expect(Self.attributes(of: cookie).contains("Path=/") == trusted)
                #expect(try await console.get("/admin/links").status == .ok)
                let signOut = try await console.post("/admin/sign-out", [:], csrf: try await console.csrf())
                #expect(signOut.headers[.setCookie].map { Self.attributes(of: $0).contains("Secure") } == trusted)
            }
            await service.close()
        }
    }

    @Test("sign out ends the session on the server: the old cookie no longer works")
    func signOut() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let csrf = try await console.csrf()
            let out = try await console.post("/admin/sign-out", [:], csrf: csrf)
            #expect(out.status == .seeOther)
            #expect(out.headers[.setCookie]?.contains("Max-Age=0") == true)
            // The browser kept the cookie (as a stolen copy would): the server refuses it.
            let after = try await console.get("/admin/links")
            #expect(after.status == .seeOther)
            #expect(after.headers[.location] == "/admin/sign-in")
        }
        await service.close()
    }

    @Test("a session idle longer than the configured time is over")
    func idleExpiry() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.consoleIdleTimeout = .seconds(10)
        let time = ManualClock()
        let service = try await TestService.make(configuration: configuration, clock: time.clock)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            time.advance(by: .seconds(9))
            #expect(try await console.get("/admin/links").status == .ok)
            time.advance(by: .seconds(2))
            #expect(try await console.get("/admin/links").status == .seeOther)
        }
        await service.close()
    }

    @Test("a session ends at its absolute lifetime, however active it is")
    func absoluteLifetime() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.consoleIdleTimeout = .seconds(100)
        configuration.consoleSessionLifetime = .seconds(300)
        let time = ManualClock()
        let service = try await TestService.make(configuration: configuration, clock: time.clock)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            // Each request is more than a minute after the last: the session's last use is stored.
            for _ in 0..<3 {
                time.advance(by: .seconds(90))
                #expect(try await console.get("/admin/links").status == .ok)
            }
            time.advance(by: .seconds(40))
            let ended = try await console.get("/admin/links")
            #expect(ended.status == .seeOther)
            #expect(ended.headers[.location] == "/admin/sign-in")
        }
        await service.close()
    }

    @Test("revoking the key ends the sessions opened with it, once the key's cache entry runs out")
    func revokedKey() async throws {
        let time = ManualClock()
        let service = try await TestService.make(clock: time.clock)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            #expect(try await console.get("/admin/links").status == .ok)
            _ = try await service.store.revokeAPIKeys(prefix: String(key.prefix(APIKey.prefixLength)), at: Date())
            time.advance(by: LinkServiceConfiguration().apiKeyCacheLifetime)
            #expect(try await console.get("/admin/links").status == .seeOther)
        }
        await service.close()
    }

    @Test("sign-in attempts are rate-limited per client address")
    func signInRateLimit() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.consoleSignInRateLimit = RateLimit(requests: 2, per: .seconds(60))
        let service = try await TestService.make(configuration: configuration)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().testLive { client in
            var console = ConsoleClient(client)
            #expect(try await console.signIn("wrong").status == .unauthorized)
            #expect(try await console.signIn("wrong").status == .unauthorized)
            let limited = try await console.signIn(key)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(limited.headers[.setCookie] == nil)
        }
        await service.close()
    }

    @Test("a form without the session's CSRF token, or with another session's, is 403 and changes nothing")
    func csrf() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let otherKey = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var mine = ConsoleClient(client)
            try await mine.signIn(key)
            var other = ConsoleClient(client)
            try await other.signIn(otherKey)
            let othersToken = try await other.csrf()
            let form = ["destination": Self.web, "slug": "forged", "domain": "stories.example.com"]
            let without = try await mine.post("/admin/links", form, csrf: nil)
            #expect(without.status == .forbidden)
            #expect(without.headers[.contentType] == "text/html; charset=utf-8")
            #expect(try await mine.post("/admin/links", form, csrf: othersToken).status == .forbidden)
            #expect(try await mine.post("/admin/links", form, csrf: "").status == .forbidden)
            #expect(try await service.store.link(tenant: "storyteller", slug: "forged") == nil)

            // The same for changes, deletes and signing out.
            let created = try await mine.post("/admin/links", form, csrf: try await mine.csrf())
            #expect(created.status == .seeOther)
            #expect(created.headers[.location] == "/admin/links/forged?done=created")
            let edited = try await mine.post(
                "/admin/links/forged", ["destination": Self.web + "/x", "domain": "stories.example.com"],
                csrf: othersToken)
            #expect(edited.status == .forbidden)
            #expect(try await mine.post("/admin/links/forged/delete", [:], csrf: nil).status == .forbidden)
            #expect(try await mine.post("/admin/sign-out", [:], csrf: othersToken).status == .forbidden)
            #expect(
                try await service.store.link(tenant: "storyteller", slug: "forged")?.content.destination == Self.web)
            #expect(try await mine.get("/admin/links").status == .ok)
            // Without any session a POST is refused the same way.
            let anonymous = ConsoleClient(client)
            #expect(try await anonymous.post("/admin/links/forged/delete", [:], csrf: othersToken).status == .forbidden)
            #expect(try await service.store.link(tenant: "storyteller", slug: "forged") != nil)
        }
        await service.close()
    }

    @Test("a POST whose Origin is another site is refused, even with a valid token")
    func crossOrigin() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().testLive { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let token = try await console.csrf()
            console.extraHeaders[.origin] = "https://evil.example"
            let response = try await console.post(
                "/admin/links", ["destination": Self.web, "slug": "evil", "domain": "stories.example.com"], csrf: token)
            #expect(response.status == .forbidden)
            #expect(try await service.store.link(tenant: "storyteller", slug: "evil") == nil)
            // From the console's own page (the Origin is the host asked for) the form works.
            console.extraHeaders[HTTPField.Name("Host")!] = "console.example:8080"
            console.extraHeaders[.origin] = "http://console.example:8080"
            let sameSite = try await console.post(
                "/admin/links", ["destination": Self.web, "slug": "fine", "domain": "stories.example.com"], csrf: token)
            #expect(sameSite.status == .seeOther)
            #expect(try await service.store.link(tenant: "storyteller", slug: "fine") != nil)
        }
        await service.close()
    }

    @Test("the tenant is the key's, whatever the Host: another tenant's links are neither listed, shown nor deleted")
    func tenantsApart() async throws {
        let service = try await TestService.make()
        let storyteller = try await service.key(for: "storyteller")
        let chat = try await service.key(for: "chat")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(storyteller),
                body: ByteBuffer(
                    string: #"{"destination": "\#(Self.web)", "slug": "secret", "social": {"title": "Hidden plan"}}"#))
            #expect(created.status == .created)
            var console = ConsoleClient(client)
            // Opened on the storyteller's own domain: still the chat key's tenant.
            console.extraHeaders[HTTPField.Name("Host")!] = "stories.example.com"
            try await console.signIn(chat)
            let list = try await console.get("/admin/links")
            #expect(list.status == .ok)
            #expect(!list.text.contains("secret"))
            #expect(!list.text.contains("Hidden plan"))
            #expect(try await console.get("/admin/links?q=secret").text.contains("No link matches"))
            #expect(try await console.get("/admin/links/secret").status == .notFound)
            #expect(try await console.get("/admin/links/secret/edit").status == .notFound)
            let token = try await console.csrf()
            #expect(try await console.post("/admin/links/secret/delete", [:], csrf: token).status == .notFound)
            let edit = try await console.post(
                "/admin/links/secret", ["destination": "https://chat.example.com/u/x"], csrf: token)
            #expect(edit.status == .notFound)
            #expect(
                try await service.store.link(tenant: "storyteller", slug: "secret")?.content.destination == Self.web)
            #expect(try await console.get("/admin/domains").text.contains("chat.example.com"))
            #expect(!(try await console.get("/admin/domains").text.contains("stories.example.com")))
        }
        await service.close()
    }

    @Test("/admin is reserved: no slug takes it, and a tenant domain never redirects it")
    func reservedAdmin() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for slug in ["admin", "Admin", "ADMIN"] {
                let response = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "\#(slug)"}"#))
                #expect(response.status == .badRequest)
                #expect(response.json?[path: "field"] == "slug")
            }
            let visitor = HTTPFields.visitor(Agents.desktop, host: "stories.example.com")
            let admin = try await client.execute(uri: "/admin", method: .get, headers: visitor)
            #expect(admin.status == .seeOther)
            #expect(admin.headers[.location] == "/admin/sign-in")
            let unknown = try await client.execute(uri: "/admin/whatever/else", method: .get, headers: visitor)
            #expect(unknown.status == .notFound)
            #expect(unknown.headers[.contentType] == "text/html; charset=utf-8")
            #expect(unknown.headers[HTTPField.Name("Content-Security-Policy")!] != nil)
            #expect(!unknown.text.contains("This link does not exist"))
        }
        await service.close()
    }

    @Test(
        "a link page opened under another name than the link's domain shows a command that visits the link on this server"
    )
    func tryHereOnALaptop() async throws {
        let host = HTTPField.Name("Host")!
        try await TestService.withConsole(headers: [host: "127.0.0.1:8080"]) { console, _, key in
            _ = try await console.client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "laptop"}"#))
            let local = try await console.get("/admin/links/laptop").text
            #expect(local.contains(#"id="try-here""#))
            #expect(local.contains("curl -i -H &#39;Host: stories.example.com&#39; http://127.0.0.1:8080/laptop"))
            console.extraHeaders[host] = "stories.example.com"
            let onDomain = try await console.get("/admin/links/laptop").text
            #expect(onDomain.contains("Open</a>"))
            #expect(!onDomain.contains(#"id="try-here""#))
            console.extraHeaders[host] = "evil.example/'; rm -rf ~"
            let hostile = try await console.get("/admin/links/laptop").text
            #expect(hostile.contains("http://HOST:PORT/laptop"))
        }
    }

    @Test("a refused form redirects to a page of its own that shows it again on reload, for its session only")
    func refusedFormPostRedirectGet() async throws {
        try await TestService.withConsole { console, service, key in
            let token = try await console.csrf()
            let fields = ["destination": "not a url", "slug": "kept", "title": "Spring sale"]
            let refused = try await console.post("/admin/links", fields, csrf: token, followingRefusal: false)
            #expect(refused.status == .seeOther)
            let location = try #require(refused.headers[.location])
            #expect(location.hasPrefix("/admin/new-link?draft="))
            // The page of the refused form, twice (a reload): the form as typed with its problem,
            // answered with the refusal's status, and nothing sent again.
            for _ in 0..<2 {
                let page = try await console.get(location)
                #expect(page.status == .badRequest)
                #expect(page.text.contains(#"id="destination-error""#))
                #expect(page.text.contains(#"value="Spring sale""#))
            }
            #expect(try await service.store.link(tenant: "storyteller", slug: "kept") == nil)

            // Another session of the same tenant finds no such form, and says so.
            var other = ConsoleClient(console.client)
            try await other.signIn(key)
            let elsewhere = try await other.get(location)
            #expect(elsewhere.status == .ok)
            #expect(elsewhere.text.contains("is no longer kept here"))
            #expect(!elsewhere.text.contains("Spring sale"))

            // A refused change goes back to the link's own edit page.
            _ = try await console.post("/admin/links", ["destination": Self.web, "slug": "kept"], csrf: token)
            let badSave = try await console.post(
                "/admin/links/kept", ["destination": "ftp://nope"], csrf: token, followingRefusal: false)
            #expect(badSave.status == .seeOther)
            let edit = try #require(badSave.headers[.location])
            #expect(edit.hasPrefix("/admin/links/kept/edit?draft="))
            let editPage = try await console.get(edit)
            #expect(editPage.status == .badRequest)
            #expect(editPage.text.contains("ftp://nope"))
            // The draft of one link is not another link's.
            _ = try await console.post("/admin/links", ["destination": Self.web, "slug": "other"], csrf: token)
            let draftId = String(edit.split(separator: "=").last ?? "")
            let wrongLink = try await console.get("/admin/links/other/edit?draft=\(draftId)")
            #expect(wrongLink.status == .ok)
            #expect(!wrongLink.text.contains("ftp://nope"))
        }
    }

    @Test("a console page that does not exist keeps the navigation bar for a signed-in browser, and none for others")
    func notFoundKeepsTheBar() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let stranger = try await client.execute(uri: "/admin/no-such-page", method: .get)
            #expect(stranger.status == .notFound)
            #expect(!stranger.text.contains(#"<nav aria-label="Console">"#))
            var console = ConsoleClient(client)
            try await console.signIn(key)
            for path in ["/admin/no-such-page", "/admin/links/no-such-link"] {
                let page = try await console.get(path)
                #expect(page.status == .notFound, "\(path)")
                #expect(page.text.contains(#"<nav aria-label="Console">"#), "\(path)")
                #expect(page.text.contains("Sign out"), "\(path)")
                #expect(page.text.contains("storyteller"), "\(path)")
            }
        }
        await service.close()
    }

    @Test("every console page sends a strict Content-Security-Policy and refuses framing")
    func securityHeaders() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            for path in ["/admin/sign-in", "/admin/links", "/admin/new-link", "/admin/domains", "/admin/console.css"] {
                let response = try await console.get(path)
                #expect(response.status == .ok, "\(path)")
                let policy = try #require(response.headers[HTTPField.Name("Content-Security-Policy")!])
                #expect(policy.contains("default-src 'none'"))
                #expect(policy.contains("script-src 'self'"))
                #expect(policy.contains("frame-ancestors 'none'"))
                #expect(!policy.contains("unsafe-inline"))
                #expect(response.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
                #expect(!response.text.contains("<script>"), "\(path) has an inline script")
                #expect(!response.text.contains("style=\""), "\(path) has an inline style")
            }
        }
        await service.close()
    }

    @Test("user text is escaped on every page that shows it")
    func escaping() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let evil = #"<script>alert("x")</script><img src=x onerror=alert(1)>"#
        try await service.server.makeApplication().test(.router) { client in
            let body = LinkRequestBody.json([
                "destination": Self.web + "?q=%3Cb%3E", "slug": "evil", "title": evil, "description": evil,
            ])
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: body))
            #expect(created.status == .created)
            var console = ConsoleClient(client)
            try await console.signIn(key)
            for path in [
                "/admin/links", "/admin/links/evil", "/admin/links/evil/edit", "/admin/links?q=" + "%3Cscript%3E",
            ] {
                let page = try await console.get(path)
                #expect(page.status == .ok, "\(path)")
                #expect(!page.text.contains("<script>alert"), "\(path)")
                #expect(!page.text.contains("<img src=x"), "\(path)")
            }
            #expect(try await console.get("/admin/links/evil").text.contains("&lt;script&gt;alert("))
            // A typed value that comes back with an error is escaped too.
            let token = try await console.csrf()
            let invalid = try await console.post(
                "/admin/links", ["destination": "\"><script>alert(2)</script>", "domain": "stories.example.com"],
                csrf: token)
            #expect(invalid.status == .badRequest)
            #expect(!invalid.text.contains("<script>alert(2)"))
            #expect(invalid.text.contains("&quot;&gt;&lt;script&gt;alert(2)"))
        }
        await service.close()
    }

    @Test("an invalid value is shown next to its field with the API's own reason, and what was typed is kept")
    func sameRulesAsTheAPI() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let cases: [(field: String, form: [String: String], api: String)] = [
            (
                "destination", ["destination": "https://evil.example.com/phish"],
                #"{"destination": "https://evil.example.com/phish"}"#
            ),
            (
                "slug", ["destination": Self.web, "slug": "no spaces"],
                #"{"destination": "\#(Self.web)", "slug": "no spaces"}"#
            ),
            (
                "iosFallback", ["destination": Self.web, "iosFallback": "https://evil.example.com/"],
                #"{"destination": "\#(Self.web)", "fallbacks": {"ios": "https://evil.example.com/"}}"#
            ),
            (
                "imageURL", ["destination": Self.web, "imageURL": "javascript:alert(1)"],
                #"{"destination": "\#(Self.web)", "social": {"imageURL": "javascript:alert(1)"}}"#
            ),
            (
                "expires", ["destination": Self.web, "expires": "next tuesday"],
                #"{"destination": "\#(Self.web)", "expiresAt": "next tuesday"}"#
            ),
        ]
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let token = try await console.csrf()
            for item in cases {
                let api = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: item.api))
                #expect(api.status == .badRequest)
                let reason = try #require(api.json?[path: "detail"])
                var form = item.form
                form["domain"] = "stories.example.com"
                let page = try await console.post("/admin/links", form, csrf: token)
                #expect(page.status == .badRequest, "\(item.field)")
                let html = page.text
                let error = #"<p class="field-error" id="\#(item.field)-error">"#
                let shown = try #require(html.range(of: error), "no error next to \(item.field)")
                let escapedReason = reason.replacingOccurrences(of: "&", with: "&amp;")
                    .replacingOccurrences(of: "\"", with: "&quot;").replacingOccurrences(of: "<", with: "&lt;")
                    .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "'", with: "&#39;")
                #expect(html[shown.upperBound...].hasPrefix(escapedReason), "\(item.field): \(reason)")
                for (name, value) in item.form {
                    let escapedValue = value.replacingOccurrences(of: "\"", with: "&quot;")
                    #expect(html.contains(#"name="\#(name)" type="#) && html.contains(#"value="\#(escapedValue)""#))
                }
            }
            #expect(try await service.store.links(tenant: "storyteller", after: nil, limit: 10).links.isEmpty)
        }
        await service.close()
    }

    @Test("a link made and changed in the console is the link the API would make, and it can be deleted")
    func createEditDelete() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let token = try await console.csrf()
            let created = try await console.post(
                "/admin/links",
                [
                    "destination": Self.web, "slug": "spring", "domain": "share.stories.example.com",
                    "title": "Spring", "iosFallback": "https://apps.apple.com/app/id1", "expires": "2030-01-31T12:00",
                    "skipPreview": "on",
                ],
                csrf: token)
            #expect(created.status == .seeOther)
            let link = try #require(try await service.store.link(tenant: "storyteller", slug: "spring"))
            #expect(link.domain == "share.stories.example.com")
            #expect(link.content.social?.title == "Spring")
            #expect(link.content.fallbacks.ios == "https://apps.apple.com/app/id1")
            #expect(link.content.skipPreview)
            #expect(link.content.expiresAt == ISO8601DateFormatter().date(from: "2030-01-31T12:00:00Z"))
            // The API reads it back as the console showed it.
            let api = try await client.execute(uri: "/api/v1/links/spring", method: .get, headers: .bearer(key))
            #expect(api.json?[path: "url"] == "https://share.stories.example.com/spring")
            let page = try await console.get("/admin/links/spring?done=created")
            #expect(page.text.contains(#"value="https://share.stories.example.com/spring""#))
            #expect(page.text.contains("The link is ready."))

            let edit = try await console.get("/admin/links/spring/edit")
            #expect(edit.text.contains(#"value="2030-01-31T12:00""#))
            let badSave = try await console.post(
                "/admin/links/spring",
                ["destination": Self.web, "domain": "share.stories.example.com", "desktopFallback": "ftp://x"],
                csrf: token)
            #expect(badSave.status == .badRequest)
            #expect(badSave.text.contains(#"id="desktopFallback-error""#))
            let saved = try await console.post(
                "/admin/links/spring",
                ["destination": Self.web + "?v=2", "domain": "stories.example.com", "title": "", "expires": ""],
                csrf: token)
            #expect(saved.status == .seeOther)
            let changed = try #require(try await service.store.link(tenant: "storyteller", slug: "spring"))
            #expect(changed.content.destination == Self.web + "?v=2")
            #expect(changed.domain == "stories.example.com")
            #expect(changed.content.social == nil)
            #expect(changed.content.expiresAt == nil)
            #expect(changed.content.skipPreview == false)

            #expect(try await console.get("/admin/links/spring/delete").text.contains("Delete https://"))
            let deleted = try await console.post("/admin/links/spring/delete", [:], csrf: token)
            #expect(deleted.status == .seeOther)
            #expect(try await service.store.link(tenant: "storyteller", slug: "spring") == nil)
        }
        await service.close()
    }

    @Test("links are searched by slug, destination or title, newest first, in pages")
    func searchAndPages() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for index in 0..<25 {
                let body = LinkRequestBody.json([
                    "destination": Self.web + "/\(index)", "slug": "item\(index)",
                    "title": index == 7 ? "The Summer Sale" : "Story \(index)",
                ])
                _ = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: body))
            }
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let first = try await console.get("/admin/links").text
            #expect(first.contains("/admin/links/item24"))
            #expect(!first.contains("/admin/links/item4\""))
            let next = try #require(first.range(of: #"cursor="#))
            let cursor = String(first[next.upperBound...].prefix { $0 != "\"" })
            let second = try await console.get("/admin/links?cursor=\(cursor)").text
            #expect(second.contains("/admin/links/item4\""))
            #expect(second.contains("/admin/links/item0\""))
            #expect(second.contains("First page"))
            let byTitle = try await console.get("/admin/links?q=summer%20sale").text
            #expect(byTitle.contains("/admin/links/item7\""))
            #expect(!byTitle.contains("/admin/links/item8\""))
            let byDestination = try await console.get("/admin/links?q=featured/13").text
            #expect(byDestination.contains("/admin/links/item13\""))
            #expect(!byDestination.contains("/admin/links/item12\""))
        }
        await service.close()
    }

    @Test("the link page draws clicks by day as an svg named \"Clicks by day\", with a table and an empty state")
    func chart() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "counted"}"#))
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let empty = try await console.get("/admin/links/counted").text
            #expect(empty.contains(#"aria-label="Clicks by day"#))
            #expect(empty.contains("No clicks yet"))
            #expect(!empty.contains(#"<rect class="bar""#))

            let link = try #require(try await service.store.link(tenant: "storyteller", slug: "counted"))
            let now = Date()
            var clicks = (0..<3).map { _ in
                Click(linkID: link.id, tenant: "storyteller", time: now, platform: .ios, referrerHost: "news.example")
            }
            clicks.append(
                Click(linkID: link.id, tenant: "storyteller", time: now.addingTimeInterval(-86_400), platform: .android)
            )
            try await service.store.insertClicks(clicks)
            let page = try await console.get("/admin/links/counted").text
            #expect(page.contains(#"<svg class="chart""#))
            #expect(page.contains(#"aria-label="Clicks by day, last 30 days: 4 in all""#))
            #expect(page.components(separatedBy: #"<rect class="bar""#).count == 3)
            #expect(page.contains("\(ClicksChartDay.today): 3 clicks"))
            #expect(page.contains("<td>news.example</td><td class=\"number\">3</td>"))
            #expect(page.contains("<td>iOS</td><td class=\"number\">3</td>"))
            #expect(!page.contains("No clicks yet"))
        }
        await service.close()
    }

    @Test("QR downloads answer as the API's QR call does, for the session's tenant only")
    func qrCodes() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let chat = try await service.key(for: "chat")
        try await service.server.makeApplication().test(.router) { client in
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "poster"}"#))
            let anonymous = ConsoleClient(client)
            #expect(try await anonymous.get("/admin/links/poster/qr?format=png").status == .seeOther)
            var console = ConsoleClient(client)
            try await console.signIn(key)
            #expect(try await console.get("/admin/links/poster").text.contains("/admin/links/poster/qr?format=png"))
            for (format, type) in [("png", "image/png"), ("svg", "image/svg+xml")] {
                let mine = try await console.get("/admin/links/poster/qr?format=\(format)&size=256")
                let api = try await client.execute(
                    uri: "/api/v1/links/poster/qr?format=\(format)&size=256", method: .get, headers: .bearer(key))
                #expect(mine.status == .ok)
                #expect(mine.headers[.contentType] == type)
                #expect(mine.body == api.body)
            }
            let bad = try await console.get("/admin/links/poster/qr?format=gif")
            let badAPI = try await client.execute(
                uri: "/api/v1/links/poster/qr?format=gif", method: .get, headers: .bearer(key))
            #expect(bad.status == .badRequest)
            #expect(
                bad.text.contains(
                    try #require(badAPI.json?[path: "detail"]).replacingOccurrences(of: "\"", with: "&quot;")))
            var other = ConsoleClient(client)
            try await other.signIn(chat)
            #expect(try await other.get("/admin/links/poster/qr?format=png").status == .notFound)
        }
        await service.close()
    }
}

/// Small helpers for building request bodies in these tests.
enum LinkRequestBody {
    /// A create body with the social title/description when given.
    static func json(_ fields: [String: String]) -> String {
        var members: [JSONNode.Member] = []
        for key in ["destination", "slug"] {
            if let value = fields[key] { members.append(.init(key: key, value: JSONNode(.string(value)))) }
        }
        var social: [JSONNode.Member] = []
        for key in ["title", "description"] {
            if let value = fields[key] { social.append(.init(key: key, value: JSONNode(.string(value)))) }
        }
        if !social.isEmpty { members.append(.init(key: "social", value: JSONNode(.object(social)))) }
        return JSONNode(.object(members)).jsonText(style: .compact)
    }
}

enum ClicksChartDay {
    static var today: String {
        String(Date().formatted(Date.ISO8601FormatStyle()).prefix(10))
    }
}
