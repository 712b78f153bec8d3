import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkService
import LinkStorage
import NIOCore
import Prometheus
import Testing

/// Pages of the redirect path are rendered once per link and kind of visitor and spliced per
/// visit: every page must be byte for byte the page a fresh render draws with the same values.
@Suite("Pages rendered once, spliced per visit")
struct SplicedPageTests {
    static let manifest: Manifest = {
        let json = #"""
            {"id": "splice", "name": "Stories <&> \"Splice\"", "iconURL": "https://cdn.example.com/icon.png",
             "ios": {"appIDs": ["ABCDE12345.com.splice.app"], "appStoreID": "7", "scheme": "splice"},
             "android": {"package": "com.splice.app", "scheme": "splice", "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
             "domains": ["go.splice.example.com", "splice.example.com"],
             "routes": [{"name": "item", "paths": ["/item/{id}"], "schemeLinks": ["splice://item/{id}"]}]}
            """#
        do { return try Manifest(json: Array(json.utf8)) } catch { fatalError("\(error)") }
    }()

    /// The visitors that get a page: Safari on iPhone and iPad, in-app browsers on both
    /// platforms, Android browsers that take the intent from a tap, crawlers and a desktop
    /// browser (which gets the page here: the tenant has no website).
    static let agents: [String] =
        [
            Agents.iPhone, Agents.iPad, Agents.desktop, Agents.facebook, "Twitterbot/1.0",
            "Mozilla/5.0 (Android 14; Mobile; rv:125.0) Gecko/125.0 Firefox/125.0",
            "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/124.0.0.0 Mobile Safari/537.36",
        ] + InAppBrowserTests.inApp.map(\.agent)

    /// Links in the states a page can show: a route with and without a card, escaping in every
    /// field, campaign fields, an iPad fallback, a rule's and a variant's choice, a web
    /// destination (no claim token), an Android fallback.
    static var targets: [RedirectTarget] {
        var plain = RedirectTarget(
            url: "https://go.splice.example.com/spring", destination: "https://go.splice.example.com/item/42",
            destinationIsWeb: false)
        plain.linkID = "link-1"
        var card = plain
        card.social = SocialCard(
            title: #"Spring <b>"sale"</b> & more"#, description: "It's 50% off — <now>",
            imageURL: "https://cdn.example.com/a.png?x=1&y=<2>")
        var campaign = card
        campaign.utm = UTMParameters(source: "news letter", campaign: "spring&summer")
        var ipad = plain
        ipad.firebase = FirebaseParameters(gclid: "g<1>")
        ipad.ipadFallback = "https://example.com/ipad?a=1&b=2"
        var rule = card
        rule.destination = "https://splice.example.com/item/7"
        rule.choice = .rule(2)
        var variant = plain
        variant.choice = .variant(1)
        var web = plain
        web.destination = "https://www.example.com/page"
        web.destinationIsWeb = true
        var androidFallback = plain
        androidFallback.fallbacks = Fallbacks(android: "https://example.com/android?from=<link>")
        return [plain, card, campaign, ipad, rule, variant, web, androidFallback]
    }

    static func issuer() async throws -> ClaimTokenIssuer {
        let clock = ServiceClock { Date(timeIntervalSince1970: 1_800_000_000) }
        let keyring = ClaimKeyring(clock: clock)
        try await keyring.load(from: MemoryLinkStore())
        return ClaimTokenIssuer(
            keyring: keyring, lifetime: .seconds(3600),
            metrics: DeferredMetrics(registry: PrometheusCollectorRegistry()),
            clock: clock)
    }

    @Test(
        "for every kind of visitor and link state, the spliced preview page is byte for byte a fresh render with the same nonce and claim token, first render and cached alike"
    )
    func previewPagesEqualFreshRenders() async throws {
        let tenant = try Tenant.make(from: Self.manifest)
        let planner = RedirectPlanner(tenant: tenant)
        let issuer = try await Self.issuer()
        let renderer = try PageRenderer()
        var pages = 0
        var tokens = 0
        for agent in Self.agents {
            let client = ClientInfo(userAgent: agent)
            for target in Self.targets {
                let decision = planner.answer(target, for: client, acceptsHTML: true, mergesUTM: true)
                var fresh = decision
                let token = issuer.attach(to: &fresh, target: target, client: client, tenant: tenant)
                var spliced = decision
                let splicedToken = issuer.attach(
                    to: &spliced, target: target, client: client, tenant: tenant,
                    pageToken: renderer.placeholders.text(for: .claimToken))
                #expect((token == nil) == (splicedToken == nil))
                guard case .preview(var freshPage) = fresh, case .preview(let splicedPage) = spliced else {
                    continue
                }
                pages += 1
                if token != nil { tokens += 1 }
                freshPage.nonce = SecurityHeaders.makeNonce()
                let expected = renderer.render(freshPage)
                // The first call renders and keeps the page; the second splices the kept one.
                for _ in 0..<2 {
                    let body = renderer.splicedBody(
                        for: splicedPage, visit: PageVisitValues(nonce: freshPage.nonce, claimToken: token))
                    #expect(String(buffer: body) == expected, "\(agent) \(target.destination)")
                }
                #expect(!expected.contains("wfslot"))
            }
        }
        // Every kind of page was drawn, and many with a token in it.
        #expect(pages > 60)
        #expect(tokens > 20)
    }

    @Test("the password form, the expired page and the 404 page splice to a fresh render too")
    func otherPagesEqualFreshRenders() throws {
        let renderer = try PageRenderer()
        let csrf = ConsoleSignInToken.make()
        for error in [nil, "Wrong password <try again>"] {
            var fresh = PasswordPage.example
            fresh.siteName = "A & B"
            fresh.title = #"Members' "preview""#
            fresh.csrf = csrf
            fresh.error = error
            var spliced = fresh
            spliced.csrf = renderer.placeholders.text(for: .csrf)
            fresh.nonce = SecurityHeaders.makeNonce()
            let body = renderer.splicedBody(for: spliced, visit: PageVisitValues(nonce: fresh.nonce, csrf: csrf))
            #expect(String(buffer: body) == renderer.render(fresh))
        }
        var expired = ExpiredPage.example
        expired.title = "<Sale>"
        expired.websiteURL = "https://www.example.com/?a=1&b=2"
        let expiredBody = renderer.splicedBody(for: expired, visit: PageVisitValues(nonce: "n0nce"))
        expired.nonce = "n0nce"
        #expect(String(buffer: expiredBody) == renderer.render(expired))
        var notFound = NotFoundPage(siteName: "A & B", websiteURL: "https://www.example.com")
        let notFoundBody = renderer.splicedBody(for: notFound, visit: PageVisitValues(nonce: "n0nce"))
        notFound.nonce = "n0nce"
        #expect(String(buffer: notFoundBody) == renderer.render(notFound))
    }

    @Test("a page is rendered once per link and kind of visitor: a changed link draws a new page at once")
    func changedLinkDrawsNewPage() async throws {
        let renderer = try PageRenderer()
        var page = PreviewPage.example
        _ = renderer.splicedBody(for: page, visit: PageVisitValues(nonce: "a", claimToken: "t"))
        _ = renderer.splicedBody(for: page, visit: PageVisitValues(nonce: "b", claimToken: "u"))
        #expect(renderer.spliced.count == 1)
        page.title = "Summer stories"
        let changed = renderer.splicedBody(for: page, visit: PageVisitValues(nonce: "c", claimToken: "v"))
        #expect(String(buffer: changed).contains("Summer stories"))
        #expect(renderer.spliced.count == 2)
    }

    @Test("the cache keeps at most its capacity of pages")
    func cacheIsBounded() throws {
        let renderer = try PageRenderer(splicedPages: 8)
        for index in 0..<100 {
            var page = PreviewPage.example
            page.title = "Story \(index)"
            let body = renderer.splicedBody(for: page, visit: PageVisitValues(nonce: "n", claimToken: "t"))
            #expect(String(buffer: body).contains("Story \(index)"))
        }
        #expect(renderer.spliced.count <= 8)
    }

    @Test(
        "two visits of the same page never share a nonce or a claim token, and each page carries its own in every place"
    )
    func visitsKeepTheirOwnValues() async throws {
        try await TestService.withLink(
            #"{"destination": "https://stories.example.com/story/42", "slug": "spring"}"#
        ) { client, _ in
            var nonces: Set<String> = []
            var tokens: Set<String> = []
            for _ in 0..<5 {
                let response = try await client.execute(
                    uri: "/spring", method: .get, headers: .visitor(Agents.iPhone))
                #expect(response.status == .ok)
                let policy = try #require(response.headers[.contentSecurityPolicy])
                let nonce = try #require(policy.firstMatch(of: /'nonce-([A-Za-z0-9_-]+)'/)?.output.1)
                let html = String(buffer: response.body)
                // The nonce of the header is the page's, on its style and its script.
                #expect(html.components(separatedBy: "nonce=\"\(nonce)\"").count >= 3)
                let token = try #require(html.firstMatch(of: /wf_claim=([A-Za-z0-9_-]+)/)?.output.1)
                #expect(!html.contains("wfslot"))
                nonces.insert(String(nonce))
                tokens.insert(String(token))
            }
            #expect(nonces.count == 5)
            #expect(tokens.count == 5)
        }
    }
}
