import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import NIOCore
import Testing

/// The last mile, per kind of browser: Android opens an installed app through an `intent:`
/// (a redirect for Chrome and Samsung Internet, a tap on the page for in-app browsers and the
/// others), in-app browsers get a way out ("Open in Safari", "Open in browser"), and "Open in
/// app" on the page uses a way that works from the page's own domain.
@Suite("The last mile")
struct LastMileVisitTests {
    /// A story: a route of Storyteller's app, with a scheme link.
    static let story = #"{"destination": "https://stories.example.com/story/42", "slug": "spring""#
    static let web = "https://www.stories.example.com"

    static func agent(_ name: String) -> String {
        guard let row = (InAppBrowserTests.inApp + InAppBrowserTests.notInApp).first(where: { $0.name == name }) else {
            fatalError("no agent named \(name)")
        }
        return row.agent
    }

    static let samsung =
        "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36"
    static let firefoxAndroid = "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0"
    static let androidWebView =
        "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36"

    static func visit(
        _ client: some TestClientProtocol, _ agent: String, uri: String = "/spring", accept: String? = nil
    )
        async throws -> TestResponse
    {
        var headers = HTTPFields.visitor(agent)
        if let accept { headers[.accept] = accept }
        return try await client.execute(uri: uri, method: .get, headers: headers)
    }

    /// The `href` of the page's element with `id`, unescaped; `nil` when the page has none.
    static func href(_ id: String, in html: String) -> String? {
        guard let element = html.range(of: #"id="\#(id)""#) else { return nil }
        let tagStart =
            html[..<element.lowerBound].range(of: "<a ", options: .backwards)?.lowerBound ?? element.lowerBound
        guard let href = html[tagStart...].range(of: #"href=""#) else { return nil }
        return String(html[href.upperBound...].prefix { $0 != "\"" }).replacingOccurrences(of: "&amp;", with: "&")
    }

    @Test(
        "Chrome and Samsung Internet on Android get a 302 to the app's intent, falling back to the Play Store page they got before"
    )
    func chromeGetsIntentRedirect() async throws {
        try await TestService.withLink(Self.story + "}") { client, _ in
            for agent in [Agents.android, Self.samsung] {
                let response = try await Self.visit(client, agent)
                #expect(response.status == .found)
                let location = try #require(response.headers[.location]?.withoutClickIDs)
                #expect(
                    location.hasPrefix(
                        "intent://stories.example.com/story/42#Intent;scheme=https;package=com.storyteller.app;S.browser_fallback_url=https%3A%2F%2Fplay.google.com%2F"
                    ))
                let intent = try #require(AndroidIntent(parsing: location))
                #expect(intent.url == "https://stories.example.com/story/42")
                let fallback = try #require(intent.fallback)
                #expect(
                    fallback.hasPrefix("https://play.google.com/store/apps/details?id=com.storyteller.app&referrer="))
                #expect(fallback.contains("wayfinder_link%3D"))
            }
            // An API client (no HTML) gets the plain redirect, as before.
            let api = try await Self.visit(client, Agents.android, accept: "application/json")
            #expect(api.headers[.location]?.hasPrefix("https://play.google.com/store/apps/details?") == true)
        }
    }

    @Test(
        "in-app browsers, web views and Firefox on Android get the page with the intent as \"Open in app\" and the store as \"Get the app\"",
        arguments: [
            "Instagram, Android", "Facebook, Android", "Messenger, Android", "TikTok, Android", "firefox", "webview",
        ])
    func tapTargetPage(_ name: String) async throws {
        let agent =
            switch name {
            case "firefox": Self.firefoxAndroid
            case "webview": Self.androidWebView
            default: Self.agent(name)
            }
        try await TestService.withLink(Self.story + "}") { client, _ in
            let response = try await Self.visit(client, agent)
            #expect(response.status == .ok)
            let openApp = try #require(Self.href("open-app", in: response.text)?.withoutClickIDs)
            let intent = try #require(AndroidIntent(parsing: openApp))
            #expect(intent.packageName == "com.storyteller.app")
            #expect(intent.url == "https://stories.example.com/story/42")
            let store = try #require(intent.fallback)
            #expect(store.hasPrefix("https://play.google.com/store/apps/details?id=com.storyteller.app&referrer="))
            #expect(response.text.contains(">Open in app</a>"))
            #expect(
                response.text.contains(
                    #"href="\#(store.replacingOccurrences(of: "&", with: "&amp;"))">Get the app</a>"#))
        }
    }

    @Test(
        "Android in-app browsers get \"Open in browser\": Instagram's extbrowser, an intent without package for Facebook; none for Messenger, Firefox or a web view"
    )
    func openInBrowser() async throws {
        try await TestService.withLink(Self.story + "}") { client, _ in
            let instagram = try await Self.visit(client, Self.agent("Instagram, Android"))
            #expect(
                Self.href("escape", in: instagram.text)
                    == "instagram://extbrowser/?url=https%3A%2F%2Fstories.example.com%2Fspring")
            #expect(instagram.text.contains(">Open in browser</a>"))
            let facebook = try await Self.visit(client, Self.agent("Facebook, Android"))
            #expect(
                Self.href("escape", in: facebook.text) == "intent://stories.example.com/spring#Intent;scheme=https;end")
            for agent in [Self.agent("Messenger, Android"), Self.firefoxAndroid, Self.androidWebView] {
                let page = try await Self.visit(client, agent)
                #expect(Self.href("escape", in: page.text) == nil)
                #expect(!page.text.contains("Open in browser"))
            }
        }
    }

    @Test(
        "efr / skipPreview: Chrome still gets the intent, an in-app browser the Play Store redirect it got before, never a page"
    )
    func skipPreviewKeepsItsMeaning() async throws {
        try await TestService.withLink(Self.story + #", "skipPreview": true}"#) { client, _ in
            let chrome = try await Self.visit(client, Agents.android)
            #expect(
                chrome.headers[.location]?.withoutClickIDs.hasPrefix("intent://stories.example.com/story/42#Intent;")
                    == true)
            let instagram = try await Self.visit(client, Self.agent("Instagram, Android"))
            #expect(instagram.status == .found)
            #expect(instagram.headers[.location]?.hasPrefix("https://play.google.com/store/apps/details?") == true)
        }
    }

    @Test(
        "an explicit Android fallback is the intent's fallback (decoded, exactly), and the in-app page's \"Continue on the web\""
    )
    func explicitFallback() async throws {
        let afl = Self.web + "/android?from=link&x=a;b#top"
        try await TestService.withLink(Self.story + #", "fallbacks": {"android": "\#(afl)"}}"#) { client, _ in
            let chrome = try await Self.visit(client, Agents.android)
            let intent = try #require(AndroidIntent(parsing: chrome.headers[.location] ?? ""))
            #expect(intent.fallback == afl)
            let page = try await Self.visit(client, Self.agent("Instagram, Android"))
            #expect(AndroidIntent(parsing: Self.href("open-app", in: page.text) ?? "")?.fallback == afl)
            #expect(page.text.contains(">Continue on the web</a>"))
            #expect(!page.text.contains(">Get the app</a>"))
        }
        // A destination that opens no route of the app: the plain redirect to the fallback.
        try await TestService.withLink(
            #"{"destination": "\#(Self.web)/about", "slug": "spring", "fallbacks": {"android": "\#(afl)"}}"#
        ) { client, _ in
            let response = try await Self.visit(client, Agents.android)
            #expect(response.headers[.location] == afl)
        }
    }

    @Test("without an Android app nothing changes: Chrome and an in-app browser are redirected to the website")
    func noAndroidApp() async throws {
        let service = try await TestService.make(manifests: [LocalTenant.manifest])
        let key = try await service.key(for: "local")
        do {
            try await service.server.makeApplication().test(.router) { client in
                let created = try await LocalTenant.create(
                    "item", destination: "https://localhost/item/1", key: key, via: client)
                #expect(created.status == .created)
                for agent in [Agents.android, Self.agent("Instagram, Android")] {
                    let response = try await client.execute(
                        uri: "/item", method: .get, headers: .visitor(agent, host: "localhost"))
                    #expect(response.status == .found)
                    #expect(response.headers[.location] == "https://www.local.example.com")
                }
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    @Test(
        "iOS in-app browsers get \"Open in Safari\" (x-safari-https, Instagram's extbrowser); none for WeChat or Snapchat",
        arguments: [
            ("Facebook, iPhone", "x-safari-https://stories.example.com/spring"),
            ("TikTok, iPhone", "x-safari-https://stories.example.com/spring"),
            ("LinkedIn, iPhone", "x-safari-https://stories.example.com/spring"),
            ("Google app, iPhone", "x-safari-https://stories.example.com/spring"),
            ("Instagram, iPhone", "instagram://extbrowser/?url=https%3A%2F%2Fstories.example.com%2Fspring"),
            ("WeChat, iPhone", nil), ("Snapchat, iPhone", nil),
        ] as [(String, String?)])
    func openInSafari(_ name: String, _ escape: String?) async throws {
        try await TestService.withLink(Self.story + "}") { client, _ in
            let page = try await Self.visit(client, Self.agent(name))
            #expect(page.status == .ok)
            #expect(Self.href("escape", in: page.text) == escape)
            #expect(page.text.contains(">Open in Safari</a>") == (escape != nil))
        }
    }

    @Test(
        "system browsers and SFSafariViewController never see a way out",
        arguments: [
            "Safari, iPhone", "SFSafariViewController, iPhone", "Chrome, iPhone", "Firefox, iPhone", "Edge, iPhone",
            "Telegram, iPhone", "Gmail, iPhone",
        ])
    func noEscapeForSystemBrowsers(_ name: String) async throws {
        try await TestService.withLink(Self.story + "}") { client, _ in
            let page = try await Self.visit(client, Self.agent(name))
            #expect(page.status == .ok)
            #expect(Self.href("escape", in: page.text) == nil)
            #expect(!page.text.contains("Open in Safari") && !page.text.contains("x-safari-https"))
            #expect(!page.text.contains("Open in browser"))
        }
    }

    @Test(
        "\"Open in app\" on iOS is the route's scheme link, not a universal link to the page's own domain; desktop has none"
    )
    func openInAppUsesSchemeLink() async throws {
        try await TestService.withLink(Self.story + #", "fallbacks": {"desktop": "\#(Self.web)/nope"}}"#) {
            client, _ in
            for agent in [Agents.iPhone, Self.agent("Facebook, iPhone")] {
                let page = try await Self.visit(client, agent)
                #expect(Self.href("open-app", in: page.text)?.withoutClickIDs == "storyteller://open/42")
            }
            #expect(try await Self.visit(client, Agents.desktop).status == .found)
            let crawler = try await Self.visit(client, Agents.facebook)
            #expect(Self.href("open-app", in: crawler.text) == nil)
        }
        // A destination that opens no route: no "Open in app" at all.
        try await TestService.withLink(#"{"destination": "\#(Self.web)/about", "slug": "spring"}"#) { client, _ in
            let page = try await Self.visit(client, Agents.iPhone)
            #expect(Self.href("open-app", in: page.text) == nil)
            #expect(!page.text.contains("Open in app"))
        }
    }

    static let twoDomains: Manifest = {
        let json = #"""
            {"id": "two", "ios": {"appIDs": ["ABCDE12345.com.two.app"], "appStoreID": "3"},
             "domains": ["go.two.example.com", "two.example.com"], "web": "https://www.two.example.com",
             "routes": [{"name": "item", "paths": ["/item/{id}"]}]}
            """#
        do { return try Manifest(json: Array(json.utf8)) } catch { fatalError("\(error)") }
    }()

    @Test(
        "without a scheme link, iOS \"Open in app\" is the destination on another of the tenant's domains than the page's"
    )
    func openInAppUsesOtherDomain() throws {
        let tenant = try Tenant.make(from: Self.twoDomains)
        let planner = RedirectPlanner(tenant: tenant)
        let iPhone = ClientInfo(userAgent: Agents.iPhone)
        func target(_ destination: String) -> RedirectTarget {
            RedirectTarget(url: "https://go.two.example.com/spring", destination: destination, destinationIsWeb: false)
        }
        #expect(
            planner.page(for: target("https://go.two.example.com/item/7?a=1"), client: iPhone).openAppURL
                == "https://two.example.com/item/7?a=1")
        #expect(
            planner.page(for: target("https://two.example.com/item/7"), client: iPhone).openAppURL
                == "https://two.example.com/item/7")
        #expect(planner.page(for: target("https://www.two.example.com/x"), client: iPhone).openAppURL == nil)
    }
}
