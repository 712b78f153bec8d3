import DeepLinkRouting
import Foundation
import HTTPTypes
import LinkCore
import LinkService
import LinkServiceTesting
import LinkStorage
import NIOCore
import Testing

/// A stored link's answer is worked out once per version and kind of visitor (``VisitPlan``) and
/// spliced per visit: every answer must be byte for byte the one worked out afresh for the visit.
@Suite("Answers planned once per link version and kind of visitor")
struct VisitPlanTests {
    /// The tenant of `SplicedPageTests`, with a website (so desktop visitors get a `302`) or
    /// without, with `wf_click` on or off.
    static func tenant(website: Bool, clickParameter: Bool) throws -> Tenant {
        let json = #"""
            {"id": "splice", "name": "Stories <&> \"Splice\"", "iconURL": "https://cdn.example.com/icon.png",
             \#(website ? #""web": "https://www.splice.example.com","# : "")
             "apps": {"clickParameter": \#(clickParameter)},
             "ios": {"appIDs": ["ABCDE12345.com.splice.app"], "appStoreID": "7", "scheme": "splice"},
             "android": {"package": "com.splice.app", "scheme": "splice", "sha256CertFingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
             "domains": ["go.splice.example.com", "splice.example.com"],
             "routes": [{"name": "item", "paths": ["/item/{id}"], "schemeLinks": ["splice://item/{id}"], "web": "https://www.splice.example.com/items/{id}"}]}
            """#
        return try Tenant.make(from: try Manifest(json: Array(json.utf8)))
    }

    /// Every visitor of `SplicedPageTests`, and those that get a `302` or an intent: Chrome and
    /// Samsung Internet on Android, a bot, a client without an agent.
    static let agents: [String?] =
        SplicedPageTests.agents + [
            Agents.android,
            "Mozilla/5.0 (Linux; Android 14; SM-S911B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/24.0 Chrome/117.0.0.0 Mobile Safari/537.36",
            "curl/8.5.0", nil,
        ]

    /// What a visit is answered with, as text: the `Location` of a `302`, or the page with `nonce`.
    static func text(of decision: RedirectDecision, nonce: String, renderer: PageRenderer) -> String {
        switch decision {
        case .redirect(let location): "302 " + LocationField.value(for: location)
        case .intent(let intent): "302 " + LocationField.value(for: intent.uri)
        case .preview(var page):
            {
                page.nonce = nonce
                return "200 " + renderer.render(page)
            }()
        }
    }

    static func text(of plan: VisitPlan, nonce: String, token: String?, clickID: String) -> String {
        let visit = PageVisitValues(nonce: nonce, claimToken: token, clickID: clickID)
        switch plan.answer {
        case .redirect(let location): return "302 " + String(buffer: location.body(visit))
        case .page(let page): return "200 " + String(buffer: page.body(visit))
        }
    }

    @Test(
        "for every kind of visitor, link state and tenant, a planned answer with the visit's claim token and click id spliced in is byte for byte the answer worked out afresh, and visitors of one kind get the same answer"
    )
    func plannedAnswersEqualFreshOnes() async throws {
        let issuer = try await LinkSimulation.throwawayIssuer(now: Date(timeIntervalSince1970: 1_800_000_000))
        let renderer = try PageRenderer()
        var answers: [String: Int] = [:]
        for (website, clickParameter) in [(false, true), (true, true), (true, false)] {
            let tenant = try Self.tenant(website: website, clickParameter: clickParameter)
            let planner = RedirectPlanner(tenant: tenant)
            for target in SplicedPageTests.targets {
                for acceptsHTML in [true, false] {
                    var byKind: [ClientKind: String] = [:]
                    for agent in Self.agents {
                        let client = ClientInfo(userAgent: agent)
                        let clickID = ClickID.random()
                        let nonce = SecurityHeaders.makeNonce()
                        var fresh = planner.answer(target, for: client, acceptsHTML: acceptsHTML, mergesUTM: true)
                        let token = issuer.attach(
                            to: &fresh, target: target, client: client, tenant: tenant, clickID: clickID)
                        if clickParameter, client.isPerson {
                            fresh = fresh.carryingClickID(clickID.text, onPages: clickID.text)
                        }
                        let expected = Self.text(of: fresh, nonce: nonce, renderer: renderer)

                        let plan = VisitPlan(
                            target: target, client: client, tenant: tenant, acceptsHTML: acceptsHTML, mergesUTM: true,
                            issuer: issuer, claims: true, pages: renderer)
                        let issued = plan.claim.flatMap {
                            issuer.issue(for: $0, target: target, tenant: tenant, clickID: clickID)
                        }
                        #expect(issued == token, "\(agent ?? "no agent") \(target.destination)")
                        let planned = Self.text(of: plan, nonce: nonce, token: issued, clickID: clickID.text)
                        #expect(planned == expected, "\(agent ?? "no agent") \(target.destination) \(acceptsHTML)")
                        #expect(!planned.contains("wfslot"))

                        // The same answer for every visitor of this kind, their own values aside.
                        let shape = planned.replacingOccurrences(of: clickID.text, with: "CLICK")
                            .replacingOccurrences(of: nonce, with: "NONCE")
                            .replacingOccurrences(of: token ?? "\u{0}", with: "TOKEN")
                        if let first = byKind[client.kind] {
                            #expect(shape == first, "\(agent ?? "no agent") answered unlike its kind")
                        } else {
                            byKind[client.kind] = shape
                        }
                        answers[String(shape.prefix(3)) + (token == nil ? "" : " token"), default: 0] += 1
                    }
                }
            }
        }
        // Every kind of answer was compared, many with a claim token.
        #expect(answers["302", default: 0] > 50)
        #expect(answers["302 token", default: 0] > 10)
        #expect(answers["200", default: 0] > 50)
        #expect(answers["200 token", default: 0] > 20)
    }

    @Test("a plan is kept per link version and kind of visitor; a new version or tenant makes another")
    func plansAreKeptPerVersion() throws {
        let cache = VisitPlanCache(redirects: 16)
        let renderer = try PageRenderer()
        let link = VersionStamp()
        let tenant = VersionStamp()
        var made = 0
        func plan(_ key: VisitPlan.Key) {
            _ = cache.plan(for: key) {
                made += 1
                return VisitPlan(
                    answer: .redirect(renderer.placeholders.splice("https://example.com/\(made)")), claim: nil)
            }
        }
        let iPhone = ClientInfo(userAgent: Agents.iPhone).kind
        let key = VisitPlan.Key(
            link: link, tenant: tenant, choice: nil, kind: iPhone, acceptsHTML: true, claims: true)
        plan(key)
        plan(key)
        #expect(made == 1)
        for changed in [
            VisitPlan.Key(
                link: VersionStamp(), tenant: tenant, choice: nil, kind: iPhone, acceptsHTML: true, claims: true),
            VisitPlan.Key(
                link: link, tenant: VersionStamp(), choice: nil, kind: iPhone, acceptsHTML: true, claims: true),
            VisitPlan.Key(
                link: link, tenant: tenant, choice: .rule(0), kind: iPhone, acceptsHTML: true, claims: true),
            VisitPlan.Key(
                link: link, tenant: tenant, choice: nil, kind: ClientInfo(userAgent: Agents.iPad).kind,
                acceptsHTML: true,
                claims: true),
            VisitPlan.Key(link: link, tenant: tenant, choice: nil, kind: iPhone, acceptsHTML: false, claims: true),
            VisitPlan.Key(link: link, tenant: tenant, choice: nil, kind: iPhone, acceptsHTML: true, claims: false),
        ] {
            let before = made
            plan(changed)
            #expect(made == before + 1)
        }
        for index in 0..<100 {
            plan(
                VisitPlan.Key(
                    link: VersionStamp(), tenant: tenant, choice: .variant(index), kind: iPhone, acceptsHTML: true,
                    claims: true))
        }
        #expect(cache.count.redirects <= 16)
    }

    @Test("redirect plans and page plans are kept apart: many pages do not push the redirects out")
    func redirectPlansOutlivePagePlans() throws {
        let cache = VisitPlanCache(redirects: 64, pages: 4)
        let renderer = try PageRenderer()
        let tenant = VersionStamp()
        let desktop = ClientInfo(userAgent: Agents.desktop).kind
        let iPhone = ClientInfo(userAgent: Agents.iPhone).kind
        var made = 0
        func key(_ link: VersionStamp, _ kind: ClientKind) -> VisitPlan.Key {
            VisitPlan.Key(link: link, tenant: tenant, choice: nil, kind: kind, acceptsHTML: true, claims: true)
        }
        func plan(_ key: VisitPlan.Key, page: Bool) -> VisitPlan {
            cache.plan(for: key) {
                made += 1
                let text = renderer.placeholders.splice(page ? "<p>\(made)</p>" : "https://example.com/\(made)")
                return VisitPlan(answer: page ? .page(text) : .redirect(text), claim: nil)
            }
        }
        let redirects = (0..<32).map { _ in key(VersionStamp(), desktop) }
        for key in redirects { _ = plan(key, page: false) }
        for _ in 0..<100 { _ = plan(key(VersionStamp(), iPhone), page: true) }
        let before = made
        for key in redirects { #expect(!plan(key, page: false).isPage) }
        #expect(made == before, "every redirect plan was still kept")
        #expect(cache.count.pages <= 4)
        #expect(cache.count.redirects == 32)
        // A page plan is found again while it is kept.
        let page = key(VersionStamp(), iPhone)
        _ = plan(page, page: true)
        let afterPage = made
        #expect(plan(page, page: true).isPage)
        #expect(made == afterPage)
    }
}
