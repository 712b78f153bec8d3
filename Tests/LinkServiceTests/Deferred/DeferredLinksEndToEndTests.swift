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

/// Deferred deep links on a live server: tokens issued on the way to a store, claimed once, per
/// tenant, counted in the link's stats; and the app-side claimer against the same server.
@Suite("Deferred deep links, end to end")
struct DeferredLinksEndToEndTests {
    static let destination = "https://localhost/item/42"

    static func withServer(
        configuration: LinkServiceConfiguration = LinkServiceConfiguration(port: 0), clock: ServiceClock = .system,
        _ body: @Sendable (any TestClientProtocol, String, LinkServer) async throws -> Void
    ) async throws {
        var configuration = configuration
        configuration.clickFlushInterval = .milliseconds(100)
        let service = try await TestService.make(
            manifests: [DeferredTenants.local, DeferredTenants.other], configuration: configuration, clock: clock)
        let key = try await service.key(for: "local")
        do {
            try await service.server.makeApplication().testLive { client in
                let created = try await client.execute(
                    uri: "/api/v1/links", method: .post,
                    headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                    body: ByteBuffer(
                        string:
                            #"{"destination": "\#(Self.destination)", "slug": "spring", "social": {"title": "Spring <stories> & more", "description": "Fresh tales", "imageURL": "https://cdn.local.example.com/spring.png"}}"#
                    ))
                #expect(created.status == .created)
                try await body(client, key, service.server)
            }
        } catch {
            await service.close()
            throw error
        }
        await service.close()
    }

    @Test(
        "Android and iPhone visits carry tokens that claim once per tenant, desktop and crawlers get none, and stats count the funnel"
    )
    func funnel() async throws {
        try await Self.withServer { client, key, server in
            let linkID = try #require(
                try await client.execute(
                    uri: "/api/v1/links/spring", method: .get,
                    headers: [.authorization: "Bearer \(key)"]
                ).json?[path: "id"])

            // Android: Chrome gets the app's intent; the token rides in the referrer of its Play
            // Store fallback, next to the UTM fields.
            let android = try await client.execute(
                uri: "/spring", method: .get, headers: DeferredTenants.visitor(Agents.android))
            #expect(android.status == .found)
            let intentURI = try #require(android.headers[.location])
            let intent = try #require(AndroidIntent(parsing: intentURI))
            #expect(intent.packageName == "com.local.app")
            let location = try #require(intent.fallback)
            #expect(location.hasPrefix("https://play.google.com/store/apps/details?id=com.local.app&referrer="))
            let referrer = try #require(
                URLComponents(string: location)?.queryItems?.first { $0.name == "referrer" }?.value)
            #expect(referrer.hasPrefix("utm_source=wayfinder&wayfinder_link=\(linkID)&wf_claim="))
            let androidToken = try #require(DeferredTenants.token(inPlayStoreURL: location))

            // iPhone: the preview page's "Get the app" carries the claim URL.
            let iPhone = try await client.execute(
                uri: "/spring", method: .get, headers: DeferredTenants.visitor(Agents.iPhone))
            #expect(iPhone.status == .ok)
            let claimURL = try #require(DeferredTenants.claimURL(inPage: iPhone.text))
            #expect(claimURL.hasPrefix("https://localhost/spring?wf_claim="))
            let iPhoneToken = try #require(DeferredTenants.token(inClaimURL: claimURL))
            #expect(iPhoneToken != androidToken)
            #expect(iPhoneToken.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" })

            // No token for desktop, crawlers or other bots.
            for agent in [Agents.desktop, Agents.facebook, "curl/8.5.0", Agents.android + " Googlebot/2.1"] {
                let response = try await client.execute(
                    uri: "/spring", method: .get, headers: DeferredTenants.visitor(agent))
                #expect(!(response.headers[.location] ?? "").contains("wf_claim"), "\(agent)")
                #expect(!response.text.contains("wf_claim"), "\(agent)")
            }

            // Each token claims once.
            let first = try await DeferredTenants.claim(androidToken, via: client)
            #expect(first.status == .ok)
            #expect(first.headers[.contentType] == "application/json")
            let body = try #require(first.json)
            #expect(body[path: "destination"] == Self.destination)
            #expect(body[path: "link.id"] == linkID)
            #expect(body[path: "link.slug"] == "spring")
            #expect(body[path: "link.url"] == "https://localhost/spring")
            #expect(body[path: "match"] == "deterministic")
            let clickedAt = try #require(body[path: "clickedAt"])
            let clicked = try #require(try? Date.ISO8601FormatStyle(includingFractionalSeconds: true).parse(clickedAt))
            #expect(abs(clicked.timeIntervalSinceNow) < 60)

            let again = try await DeferredTenants.claim(androidToken, via: client)
            #expect(again.status == .gone)
            #expect(again.headers[.contentType] == "application/problem+json")
            #expect(again.json?[path: "status"] == "410")

            let iPhoneClaim = try await DeferredTenants.claim(iPhoneToken, via: client)
            #expect(iPhoneClaim.status == .ok)
            #expect(iPhoneClaim.json?[path: "link.id"] == linkID)
            #expect(try await DeferredTenants.claim(iPhoneToken, via: client).status == .gone)

            // Forged: one character changed in the signature, or made up.
            var forged = Array(iPhoneToken)
            forged[forged.count - 3] = forged[forged.count - 3] == "A" ? "B" : "A"
            for token in [String(forged), "AQAAAAEAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", "not a token"] {
                let response = try await DeferredTenants.claim(token, via: client)
                #expect(response.status == .notFound, "\(token)")
                #expect(response.headers[.contentType] == "application/problem+json")
            }

            // A fresh, unclaimed token of this tenant means nothing on another tenant's domain.
            let third = try #require(try await DeferredTenants.androidToken("spring", via: client))
            #expect(try await DeferredTenants.claim(third, host: "other.example.com", via: client).status == .notFound)

            // Malformed bodies.
            for text in ["{", "[]", #"{"token": 42}"#, #"{"nothing": "here"}"#] {
                let response = try await client.execute(
                    uri: "/api/v1/deferred/claims", method: .post,
                    headers: [HTTPField.Name("Host")!: "localhost", .contentType: "application/json"],
                    body: ByteBuffer(string: text))
                #expect(response.status == .badRequest, "\(text)")
                #expect(response.headers[.contentType] == "application/problem+json")
            }

            // The funnel, once the clicks are flushed: three tokens issued, two claimed.
            var stats: JSONNode?
            let counted = try await eventually(within: .seconds(10)) {
                stats = try await client.execute(
                    uri: "/api/v1/links/spring/stats", method: .get, headers: [.authorization: "Bearer \(key)"]
                ).json
                return stats?[path: "deferred.issued"] == "3"
            }
            #expect(counted)
            #expect(Int(stats?[path: "deferred.issued"] ?? "") ?? 0 >= 2)
            #expect(stats?[path: "deferred.claimed"] == "2")

            let metrics = try await server.metricsText()
            #expect(metrics.contains("wayfinder_deferred_tokens_issued_total 3"))
            #expect(metrics.contains("wayfinder_deferred_claims_total 2"))
            #expect(metrics.contains(#"wayfinder_deferred_claims_rejected_total{reason="already-claimed"} 2"#))
            #expect(metrics.contains(#"wayfinder_deferred_claims_rejected_total{reason="unknown"} 4"#))
            #expect(metrics.contains(#"wayfinder_deferred_claims_rejected_total{reason="malformed"} 4"#))
        }
    }

    @Test(
        "an Android in-app browser's page carries one token in both its intent's Play Store fallback and \"Get the app\"; the claim counts in the funnel"
    )
    func inAppAndroidPageToken() async throws {
        try await Self.withServer { client, key, _ in
            let instagram = InAppBrowserTests.inApp.first { $0.name == "Instagram, Android" }!.agent
            let page = try await client.execute(
                uri: "/spring", method: .get, headers: DeferredTenants.visitor(instagram))
            #expect(page.status == .ok)
            let openApp = try #require(LastMileVisitTests.href("open-app", in: page.text))
            let getApp = try #require(
                page.text.range(of: #"">Get the app</a>"#).map { end in
                    let before = page.text[..<end.lowerBound]
                    let start = before.range(of: #"href=""#, options: .backwards)!.upperBound
                    return String(before[start...]).replacingOccurrences(of: "&amp;", with: "&")
                })
            let fallback = try #require(AndroidIntent(parsing: openApp)?.fallback)
            #expect(fallback == getApp)
            let token = try #require(DeferredTenants.token(inPlayStoreURL: fallback))
            #expect(try #require(DeferredTenants.token(inPlayStoreURL: openApp)) == token)

            // After the fallback (the app installed from the store), the app claims the token.
            let claim = try await DeferredTenants.claim(token, via: client)
            #expect(claim.status == .ok)
            #expect(claim.json?[path: "destination"] == Self.destination)
            var stats: JSONNode?
            let counted = try await eventually(within: .seconds(10)) {
                stats = try await client.execute(
                    uri: "/api/v1/links/spring/stats", method: .get, headers: [.authorization: "Bearer \(key)"]
                ).json
                return stats?[path: "deferred.claimed"] == "1" && stats?[path: "deferred.issued"] == "1"
            }
            #expect(counted, "\(stats.map { $0.jsonText(style: .compact) } ?? "no stats")")
        }
    }

    @Test("the app-side claimer finds the claim URL in pasteboard text, claims it from the live server and routes it")
    func appClaimsAndRoutes() async throws {
        try await Self.withServer { client, _, _ in
            let port = try #require(client.port)
            let page = try await client.execute(
                uri: "/spring", method: .get, headers: DeferredTenants.visitor(Agents.iPhone))
            let claimURL = try #require(DeferredTenants.claimURL(inPage: page.text))
            // The Play Store page Chrome's intent falls back to when the app is not installed.
            let intentURI = try await client.execute(
                uri: "/spring", method: .get, headers: DeferredTenants.visitor(Agents.android)
            ).headers[.location]
            let android = try #require(AndroidIntent(parsing: intentURI ?? "")?.fallback)
            let referrer = try #require(
                URLComponents(string: android)?.queryItems?.first { $0.name == "referrer" }?.value)

            let opened = OpenedLinks()
            var builder = RouterBuilder(table: try RouteTable(manifest: DeferredTenants.local))
            builder.handle("item") { match in await opened.add(match) }
            let router = try builder.build()
            await router.activate()
            let claimer = DeferredLinkClaimer(
                manifest: DeferredTenants.local, timeout: .seconds(5),
                serviceURL: { _ in URL(string: "http://localhost:\(port)")! })

            // A stranger's URL next to ours is never claimed; ours is.
            let text = "look https://evil.example.net/x?wf_claim=AAAAAAAAAAAAAAAAAAAAAAAA and \(claimURL)"
            let result = await claimer.open(pasteboardText: text, with: router)
            guard case .opened(let link, let outcome) = result else {
                Issue.record("expected the link to open, got \(result)")
                return
            }
            #expect(link.destination.absoluteString == Self.destination)
            #expect(link.slug == "spring")
            #expect(outcome.match?.route == "item")
            #expect(outcome.match?.parameters["id"] == "42")
            #expect(outcome.match?.source == .deferred)
            #expect(await opened.sources == [.deferred])

            // Claimed once: the same text again is alreadyClaimed, and nothing is routed.
            guard case .failed(.alreadyClaimed) = await claimer.open(pasteboardText: text, with: router) else {
                Issue.record("a second claim should fail with alreadyClaimed")
                return
            }
            #expect(await opened.sources.count == 1)

            // Android: the Install Referrer string as the Play API returns it.
            guard case .opened(let fromReferrer, _) = await claimer.open(installReferrer: referrer, with: router) else {
                Issue.record("the install referrer should claim")
                return
            }
            #expect(fromReferrer.destination.absoluteString == Self.destination)

            // Nothing of ours in the text: nothing is sent.
            guard
                case .noClaim = await claimer.open(pasteboardText: "https://evil.example.net/?wf_claim=x", with: router)
            else {
                Issue.record("a stranger's URL must not be claimed")
                return
            }
            let forged = try #require(
                claimer.claim(inPasteboardText: "https://localhost/spring?wf_claim=AAAAAAAAAAAAAAAAAAAAAAAAAAAA"))
            await #expect(throws: DeferredLinkError.notFound) { try await claimer.claim(forged) }
        }
    }

    @Test("a claim to a server that does not answer fails within the timeout, as offline or timedOut")
    func offlineOrSlow() async throws {
        let claimer = DeferredLinkClaimer(
            manifest: DeferredTenants.local, timeout: .milliseconds(500),
            serviceURL: { _ in URL(string: "http://127.0.0.1:9")! })
        let claim = try #require(
            claimer.claim(inPasteboardText: "https://localhost/spring?wf_claim=AAAAAAAAAAAAAAAAAAAAAAAA"))
        let start = ContinuousClock.now
        do throws(DeferredLinkError) {
            _ = try await claimer.claim(claim)
            Issue.record("nothing listens on port 9")
        } catch {
            #expect(error == .offline || error == .timedOut)
        }
        // The claimer gives up after 0.5 s; the bound only has to tell that apart from waiting for
        // the networking layer's own 60-second timeout. It is generous because the whole test run
        // shares two cores, and CPU-bound suites running meanwhile can delay any wake-up by seconds.
        #expect(ContinuousClock.now - start < .seconds(50))
    }

    @Test("an expired token is 404 and says it expired")
    func expired() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.claimTokenLifetime = .seconds(1)
        let time = ManualClock()
        try await Self.withServer(configuration: configuration, clock: time.clock) { client, _, _ in
            let token = try #require(try await DeferredTenants.androidToken("spring", via: client))
            time.advance(by: .milliseconds(2100))
            let response = try await DeferredTenants.claim(token, via: client)
            #expect(response.status == .notFound)
            #expect(response.json?[path: "type"] == "urn:wayfinder:problem:claim-expired")
        }
    }

    @Test("claims are rate limited per client address: 429 with Retry-After")
    func rateLimited() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.claimRateLimit = RateLimit(requests: 2, per: .seconds(60))
        try await Self.withServer(configuration: configuration) { client, _, _ in
            for _ in 0..<2 {
                #expect(try await DeferredTenants.claim("AAAAAAAAAAAAAAAAAAAAAAAA", via: client).status == .notFound)
            }
            let limited = try await DeferredTenants.claim("AAAAAAAAAAAAAAAAAAAAAAAA", via: client)
            #expect(limited.status == .tooManyRequests)
            #expect(limited.headers[.retryAfter] != nil)
            #expect(limited.headers[.contentType] == "application/problem+json")
        }
    }

    @Test("a link whose destination opens no route of the app gets no token")
    func webDestinationGetsNoToken() async throws {
        try await Self.withServer { client, key, _ in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post,
                headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"destination": "https://www.local.example.com/about", "slug": "web"}"#))
            #expect(created.status == .created)
            for agent in [Agents.android, Agents.iPhone] {
                let response = try await client.execute(
                    uri: "/web", method: .get, headers: DeferredTenants.visitor(agent))
                #expect(!(response.headers[.location] ?? "").contains("wf_claim"))
                #expect(!response.text.contains("wf_claim"))
            }
        }
    }
}

/// What the router's handler opened.
actor OpenedLinks {
    private(set) var matches: [RouteMatch] = []
    var sources: [DeepLink.Source] { matches.map(\.source) }

    func add(_ match: RouteMatch) {
        matches.append(match)
    }
}
