import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import NIOCore
import Testing

/// `GET /api/v1/links/{slug}/simulate`, the console's "Test this link" and `?d=1`'s table: what a
/// link does for each kind of visitor, from the code a real visit goes through.
@Suite("Simulate a link")
struct SimulateEndpointTests {
    /// A link to a story: a route of the storyteller manifest, which has an iOS and an Android app.
    private static let story =
        #"{"destination": "https://stories.example.com/story/42", "slug": "spring", "domain": "stories.example.com"}"#

    /// Creates `body` as a link of `tenant` on a service with `manifests`, then runs `test`.
    private func withLink(
        _ body: String = story, tenant: String = "storyteller", manifests: [Manifest]? = nil,
        _ test: @Sendable (_ client: any TestClientProtocol, _ key: String) async throws -> Void
    ) async throws {
        let service = try await TestService.make(manifests: manifests)
        let key = try await service.key(for: tenant)
        do {
            try await service.server.makeApplication().test(.router) { client in
                let created = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key), body: ByteBuffer(string: body))
                try #require(created.status == .created, "\(created.text)")
                try await test(client, key)
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    /// The rows of `slug`'s simulation, checked to be a 200 JSON answer.
    private static func rows(_ slug: String, client: some TestClientProtocol, key: String) async throws -> [Row] {
        let response = try await client.execute(
            uri: "/api/v1/links/\(slug)/simulate", method: .get, headers: .bearer(key))
        try #require(response.status == .ok, "\(response.text)")
        #expect(response.headers[.contentType] == "application/json")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(response.text.utf8)) as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        return rows.map(Row.init)
    }

    /// One row as the API answers it.
    struct Row {
        var context: String
        var app: String?
        var platform: String
        var appInstalled: Bool
        var status: Int
        var location: String?
        var page: String?
        var next: String
        var kind: String
        var route: String?
        var params: [String: String]?
        var url: String?
        var claim: Bool
        var warnings: [String]

        init(_ json: [String: Any]) {
            let answer = json["answer"] as? [String: Any] ?? [:]
            let lands = json["lands"] as? [String: Any] ?? [:]
            context = json["context"] as? String ?? ""
            app = json["app"] as? String
            platform = json["platform"] as? String ?? ""
            appInstalled = json["appInstalled"] as? Bool ?? false
            status = answer["status"] as? Int ?? 0
            location = answer["location"] as? String
            page = answer["page"] as? String
            next = json["next"] as? String ?? ""
            kind = lands["kind"] as? String ?? ""
            route = lands["route"] as? String
            params = lands["params"] as? [String: String]
            url = lands["url"] as? String
            claim = json["claim"] as? Bool ?? false
            warnings = json["warnings"] as? [String] ?? []
        }
    }

    private static func row(_ rows: [Row], _ context: String, installed: Bool) throws -> Row {
        try #require(rows.first { $0.context == context && $0.appInstalled == installed }, "no \(context) row")
    }

    private static func manifest(_ json: String) throws -> Manifest {
        try Manifest(json: Array(json.utf8))
    }

    @Test("an app with iOS and Android: each context's answer, what the phone does next and where it lands")
    func iosAndAndroid() async throws {
        try await withLink { client, key in
            let rows = try await Self.rows("spring", client: client, key: key)
            #expect(
                Set(rows.map(\.context)) == [
                    "ios-safari", "ios-in-app", "ios-messages", "android-chrome", "android-in-app", "desktop",
                    "crawler",
                ])
            let safari = try Self.row(rows, "ios-safari", installed: true)
            #expect(safari.platform == "ios")
            #expect(safari.status == 200 && safari.page == "preview")
            #expect(safari.next.contains("iOS opens the app: the AASA at stories.example.com matches /spring by rule"))
            #expect(safari.kind == "app" && safari.route == "story" && safari.params == ["storyId": "42"])
            #expect(safari.warnings.isEmpty, "\(safari.warnings)")
            #expect(!safari.claim, "the app opens without visiting the server, so no token")

            let safariWithout = try Self.row(rows, "ios-safari", installed: false)
            #expect(safariWithout.status == 200 && safariWithout.kind == "page")
            #expect(safariWithout.claim, "the preview page's \"Get the app\" carries a claim token")
            #expect(
                safariWithout.next
                    == "Safari shows the preview page; \"Get the app\" goes to https://apps.apple.com/app/id1234567890")

            let messages = try Self.row(rows, "ios-messages", installed: true)
            #expect(messages.next.contains("without asking the server"))
            #expect(messages.kind == "app" && messages.route == "story")

            let chrome = try Self.row(rows, "android-chrome", installed: true)
            #expect(chrome.next.contains("Android opens the app"), "\(chrome.next)")
            #expect(chrome.kind == "app" && chrome.route == "story")
            let chromeWithout = try Self.row(rows, "android-chrome", installed: false)
            #expect(chromeWithout.status == 302)
            // Chrome's intent: the app when installed, else its fallback, the Play Store.
            let intent = try #require(chromeWithout.location.flatMap(AndroidIntent.init(parsing:)))
            #expect(intent.packageName == "com.storyteller.app")
            #expect(
                intent.fallback?.hasPrefix("https://play.google.com/store/apps/details?id=com.storyteller.app") == true)
            #expect(chromeWithout.location?.contains("wf_claim") == false, "no token is made while simulating")
            #expect(chromeWithout.kind == "store" && chromeWithout.claim)

            let inApp = rows.filter { $0.context == "ios-in-app" }
            // Each app whose page offers a way out to Safari answers differently from Safari: a row
            // each, with the app installed and not.
            let escaping = InAppBrowser.allCases.filter {
                $0.escape(from: "https://stories.example.com/spring", on: .ios) != nil
            }
            #expect(Set(inApp.compactMap(\.app)) == Set(escaping.map(\.name)))
            #expect(inApp.count == 2 * escaping.count)

            let desktop = try Self.row(rows, "desktop", installed: false)
            #expect(desktop.platform == "desktop" && desktop.status == 302)
            #expect(desktop.kind == "web" && desktop.url == "https://www.stories.example.com")
            #expect(!desktop.claim)
            #expect(rows.filter { $0.context == "desktop" }.count == 1)

            let crawler = try Self.row(rows, "crawler", installed: false)
            #expect(crawler.status == 200 && crawler.page == "preview" && crawler.kind == "page" && !crawler.claim)
        }
    }

    @Test("each answer is what a real visit with the context's User-Agent gets (less the claim token and the click id)")
    func sameAsRealVisits() async throws {
        try await withLink { client, key in
            let rows = try await Self.rows("spring", client: client, key: key)
            let agents: [(String, String)] = [
                ("ios-safari", SimulatedAgent.iosSafari), ("android-chrome", SimulatedAgent.androidChrome),
                ("android-in-app", SimulatedAgent.inApp(.instagram).android), ("desktop", SimulatedAgent.desktop),
                ("crawler", SimulatedAgent.crawler),
            ]
            for (context, agent) in agents {
                let row = try Self.row(rows, context, installed: false)
                let visit = try await client.execute(
                    uri: "/spring", method: .get, headers: .visitor(agent, host: "stories.example.com"))
                #expect(Int(visit.status.code) == row.status, "\(context)")
                let location = visit.headers[.location].map {
                    // The token, also inside an intent's fallback (escaped once more there), and
                    // the click's id: per visit, so the simulation shows neither.
                    $0.withoutClickIDs.replacingOccurrences(
                        of: #"%(25)?26wf_claim%(25)?3D[A-Za-z0-9_-]+"#, with: "", options: .regularExpression)
                }
                #expect(location == row.location, "\(context)")
                #expect(
                    (visit.headers[.location]?.contains("wf_claim") ?? visit.text.contains("wf_claim")) == row.claim,
                    "\(context)")
            }
        }
    }

    @Test("simulating records no click")
    func recordsNoClick() async throws {
        try await withLink { client, key in
            _ = try await Self.rows("spring", client: client, key: key)
            let stats = try await client.execute(uri: "/api/v1/links/spring/stats", method: .get, headers: .bearer(key))
            #expect(stats.json?[path: "clicks"] == "0", "\(stats.text)")
        }
    }

    @Test("without an Android app, Android lands on the web and every Android row says so")
    func noAndroidApp() async throws {
        let manifest = try Self.manifest(
            #"""
            {"id": "ios-only", "ios": {"appIDs": ["ABCDE12345.com.iosonly.app"], "appStoreID": "42"},
             "domains": ["ios-only.example.com"], "web": "https://www.ios-only.example.com",
             "routes": [{"name": "item", "paths": ["/item/{id}"]}]}
            """#)
        let body = #"{"destination": "https://ios-only.example.com/item/7", "slug": "seven"}"#
        try await withLink(body, tenant: "ios-only", manifests: [manifest]) { client, key in
            let rows = try await Self.rows("seven", client: client, key: key)
            let android = rows.filter { $0.platform == "android" }
            #expect(!android.isEmpty)
            for row in android {
                #expect(!row.appInstalled, "there is no Android app to have installed")
                #expect(row.kind == "web" && row.url == "https://www.ios-only.example.com")
                #expect(row.warnings.contains { $0.hasPrefix("no Android app") }, "\(row.warnings)")
            }
            let ios = try Self.row(rows, "ios-safari", installed: true)
            #expect(ios.kind == "app" && ios.route == "item" && ios.params == ["id": "7"])
            #expect(!ios.warnings.contains { $0.hasPrefix("no Android app") })
        }
    }

    @Test("no App Store ID is a warning on the iOS rows without the app")
    func noAppStoreID() async throws {
        let manifest = try Self.manifest(
            #"""
            {"id": "unlisted", "ios": {"appIDs": ["ABCDE12345.com.unlisted.app"]},
             "domains": ["unlisted.example.com"], "web": "https://www.unlisted.example.com",
             "routes": [{"name": "item", "paths": ["/item/{id}"]}]}
            """#)
        let body = #"{"destination": "https://unlisted.example.com/item/7", "slug": "seven"}"#
        try await withLink(body, tenant: "unlisted", manifests: [manifest]) { client, key in
            let rows = try await Self.rows("seven", client: client, key: key)
            let without = try Self.row(rows, "ios-safari", installed: false)
            #expect(without.warnings.contains { $0.hasPrefix("no App Store ID") }, "\(without.warnings)")
            let with = try Self.row(rows, "ios-safari", installed: true)
            #expect(!with.warnings.contains { $0.hasPrefix("no App Store ID") })
        }
    }

    @Test("a rule that sends Android and Instagram elsewhere: their rows show it, every row warns of it")
    func withRule() async throws {
        let body = #"""
            {"destination": "https://stories.example.com/story/42", "slug": "spring", "domain": "stories.example.com",
             "rules": [
               {"name": "Android to the web", "when": [{"device": "android"}], "fallbacks": {"android": "https://www.stories.example.com/android"}},
               {"name": "Instagram", "when": [{"browser": "instagram"}], "fallbacks": {"ios": "https://www.stories.example.com/instagram"}}
             ]}
            """#
        try await withLink(body) { client, key in
            let rows = try await Self.rows("spring", client: client, key: key)
            let chrome = try Self.row(rows, "android-chrome", installed: false)
            // Chrome gets the intent: the app when installed, the rule's Android fallback when not.
            let intent = try #require(chrome.location.flatMap(AndroidIntent.init(parsing:)))
            #expect(intent.fallback == "https://www.stories.example.com/android")
            #expect(chrome.kind == "web" && !chrome.claim)
            let inApp = rows.filter { $0.context == "ios-in-app" }
            let instagram = try #require(inApp.first { !$0.appInstalled && $0.app == "Instagram" })
            #expect(instagram.next.hasSuffix("\"Get the app\" goes to https://www.stories.example.com/instagram"))
            #expect(instagram.claim, "a real visit's page carries a token for \"Get the app\" whatever it points at")
            let safari = try Self.row(rows, "ios-safari", installed: false)
            #expect(!safari.next.contains("/instagram"))
            for row in rows {
                #expect(
                    row.warnings.contains {
                        $0.hasPrefix("rule 1 “Android to the web” sends visitors with device android")
                    })
                #expect(row.warnings.contains { $0.hasPrefix("rule 2 “Instagram”") })
            }
            let desktop = try Self.row(rows, "desktop", installed: false)
            #expect(desktop.url == "https://www.stories.example.com")
        }
    }

    @Test("an AASA that does not cover the slug: iOS with the app stays on the page, with the fix")
    func aasaDoesNotCover() async throws {
        let manifest = try Self.manifest(
            #"""
            {"id": "deep", "ios": {"appIDs": ["ABCDE12345.com.deep.app"], "appStoreID": "42"},
             "android": {"package": "com.deep.app", "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
             "domains": ["deep.example.com"], "web": "https://www.deep.example.com", "shortLinksOpenApp": false,
             "routes": [{"name": "item", "paths": ["/item/{id}"]}]}
            """#)
        let body = #"{"destination": "https://deep.example.com/item/7", "slug": "seven"}"#
        try await withLink(body, tenant: "deep", manifests: [manifest]) { client, key in
            let rows = try await Self.rows("seven", client: client, key: key)
            let safari = try Self.row(rows, "ios-safari", installed: true)
            #expect(safari.next.hasPrefix("iOS does not open the app"), "\(safari.next)")
            #expect(safari.kind == "page")
            #expect(
                safari.warnings.contains {
                    $0.hasPrefix("the AASA at deep.example.com does not cover /seven")
                        && $0.contains("shortLinksOpenApp")
                }, "\(safari.warnings)")
            let messages = try Self.row(rows, "ios-messages", installed: true)
            #expect(messages.kind == "page")
            #expect(messages.warnings.contains { $0.contains("does not cover /seven") })
        }
    }

    @Test("a destination that is no route: the app opens on no screen, and the row says so")
    func destinationIsNoRoute() async throws {
        let body =
            #"{"destination": "https://www.stories.example.com/blog", "slug": "lost", "domain": "stories.example.com"}"#
        try await withLink(body) { client, key in
            let rows = try await Self.rows("lost", client: client, key: key)
            let safari = try Self.row(rows, "ios-safari", installed: true)
            #expect(safari.kind == "app" && safari.route == nil)
            #expect(safari.warnings.contains { $0.contains("resolves to no route") }, "\(safari.warnings)")
            #expect(!(try Self.row(rows, "android-chrome", installed: false)).claim)
        }
    }

    @Test("a password or an expiry is a warning on every row: no visitor gets these answers at once")
    func passwordAndExpiry() async throws {
        let body = #"""
            {"destination": "https://stories.example.com/story/42", "slug": "locked", "domain": "stories.example.com",
             "password": "correct horse battery", "expiresAt": "2020-01-01T00:00:00Z"}
            """#
        try await withLink(body) { client, key in
            let rows = try await Self.rows("locked", client: client, key: key)
            #expect(!rows.isEmpty)
            for row in rows {
                #expect(row.warnings.contains { $0.hasPrefix("the link has expired") }, "\(row.warnings)")
                #expect(row.warnings.contains { $0.hasPrefix("the link has a password") }, "\(row.warnings)")
            }
        }
    }

    @Test("without a key it is 401; another tenant's link and a missing link are 404")
    func keyAndUnknownSlug() async throws {
        try await withLink { client, key in
            let none = try await client.execute(uri: "/api/v1/links/spring/simulate", method: .get)
            #expect(none.status == .unauthorized)
            #expect(none.headers[.contentType] == "application/problem+json")
            let missing = try await client.execute(
                uri: "/api/v1/links/nothing/simulate", method: .get, headers: .bearer(key))
            #expect(missing.status == .notFound)
            #expect(missing.json?[path: "field"] == "slug")
        }
    }

    @Test("the console's link page has \"Test this link\" with the same rows")
    func consolePage() async throws {
        try await withLink { client, key in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let page = try await console.get("/admin/links/spring")
            #expect(page.status == .ok)
            let html = page.text
            #expect(html.contains(#"<h2 id="test-heading">Test this link</h2>"#))
            #expect(html.contains(#"<table class="simulation">"#))
            #expect(html.contains("iOS opens the app: the AASA at stories.example.com matches /spring by rule"))
            #expect(html.contains("the app, route story (storyId=42)"))
            #expect(html.contains("Link-preview crawler"))
        }
    }

    @Test("?d=1 shows the same table")
    func debugPage() async throws {
        try await withLink { client, _ in
            let page = try await client.execute(
                uri: "/spring?d=1", method: .get, headers: .visitor(Agents.desktop, host: "stories.example.com"))
            #expect(page.status == .ok)
            #expect(page.text.contains(#"<table class="simulation">"#))
            #expect(page.text.contains("the app, route story (storyId=42)"))
        }
    }
}
