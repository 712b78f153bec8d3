import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkServiceTesting
import Testing
import WayfinderClient

/// The client, over URLSession, against a live link service on loopback: what an app does with
/// an app key (create, resolve, claim, report events) and how refusals reach it.
@Suite("WayfinderClient against a live server")
struct WayfinderClientLiveTests {
    @Test(
        "with an app key: a link made on the device resolves, its deferred claim and its events are attributed to its clicks"
    )
    func createResolveClaimEvents() async throws {
        try await ClientTenant.withServer { serverURL, client, service in
            let appKey = try await service.key(for: "local", scopes: [.app])
            let wayfinder = WayfinderClient(serverURL: serverURL, appKey: appKey)

            // "Share": a link to a route, with a social card and fallbacks.
            let itemURL = try #require(URL(string: "https://localhost/item/42"))
            let link = try await wayfinder.createLink(
                ShortLinkRequest(
                    destination: itemURL,
                    social: .init(
                        title: "Story 42", description: "A summer story",
                        imageURL: URL(string: "https://cdn.local.example.com/42.png")),
                    // No Android fallback: Android visitors without the app go to the Play Store,
                    // with a claim token.
                    fallbacks: .init(
                        ios: URL(string: "https://apps.apple.com/app/id1"),
                        desktop: URL(string: "https://www.local.example.com/42")),
                    tags: ["shared-from-app"]))
            #expect(link.url.absoluteString == "https://localhost/\(link.slug)")
            #expect(link.slug.count == 7)
            #expect(link.destination == itemURL.absoluteString)
            #expect(link.warnings.isEmpty)
            // Every setting arrived (the generated body carries the nullable ones too).
            let readKey = try await service.key(for: "local")
            let stored = try await client.execute(
                uri: "/api/v1/links/\(link.slug)", method: .get, headers: .bearer(readKey)
            ).json
            #expect(stored?[path: "social.title"] == "Story 42")
            #expect(stored?[path: "social.imageURL"] == "https://cdn.local.example.com/42.png")
            #expect(stored?[path: "fallbacks.ios"] == "https://apps.apple.com/app/id1")
            #expect(stored?[path: "fallbacks.desktop"] == "https://www.local.example.com/42")
            #expect(stored?["tags"]?.arrayValue?.compactMap(\.stringValue) == ["shared-from-app"])

            // The installed app opened by the link.
            let resolved = try await wayfinder.resolve(link.url)
            #expect(resolved.destination == itemURL)
            #expect(resolved.route == "item")
            #expect(resolved.parameters == ["id": "42"])
            #expect(resolved.linkID == link.id)
            #expect(resolved.slug == link.slug)
            #expect(!resolved.isExpired)
            let openClick = try #require(resolved.clickID)
            #expect(openClick.count == 22)

            // A person without the app taps it on Android, installs, and the first launch claims.
            let token = try #require(try await ClientTenant.claimToken(tapping: link.url, via: client))
            let deferred = try await wayfinder.claim(token: token)
            #expect(deferred.destination == itemURL)
            #expect(deferred.linkID == link.id)
            #expect(deferred.slug == link.slug)
            #expect(deferred.shortURL == link.url)
            #expect(abs(deferred.clickedAt.timeIntervalSinceNow) < 300)
            let installClick = try #require(deferred.clickID)
            #expect(installClick != openClick)

            // Events: one alone, then a batch; each attributed to its click and the link.
            let open = try await wayfinder.send(AppEvent(.open, clickID: openClick))
            #expect(open.isAttributed)
            #expect(open.name == .open)
            #expect(open.clickID == openClick)
            #expect(open.linkID == link.id)
            #expect(open.id.hasPrefix("ev_"))
            let receipts = try await wayfinder.send([
                AppEvent(.install, claimToken: token),
                AppEvent(.purchase, clickID: installClick, value: 4.99, currency: "EUR", dedupeKey: "order-1"),
                AppEvent("shared_story", occurredAt: Date().addingTimeInterval(-60)),
            ])
            #expect(receipts.map(\.name) == [.install, .purchase, "shared_story"])
            #expect(receipts.map(\.isAttributed) == [true, true, false])
            #expect(receipts[0].clickID == installClick)
            #expect(receipts[1].clickID == installClick)
            #expect(receipts[1].linkID == link.id)
            // The same order again: the first answer, not counted twice.
            let again = try await wayfinder.send(
                AppEvent(.purchase, clickID: installClick, value: 4.99, currency: "EUR", dedupeKey: "order-1"))
            #expect(again.id == receipts[1].id)

            // Written by the flusher and counted for the link.
            var totals: [String: EventTotals] = [:]
            let counted = try await eventually(within: .seconds(20)) {
                totals = try await service.store.eventTotals(tenant: "local", linkID: link.id)
                return totals["open"]?.count == 1 && totals["install"]?.count == 1 && totals["purchase"]?.count == 1
            }
            #expect(counted, "\(totals)")
            #expect(totals["purchase"]?.value == ["EUR": 4.99])
        }
    }

    @Test(
        "an app key's web-page destination is refused naming the field; a key without the scope gets insufficient-scope"
    )
    func refusalsCarryTheProblemDocument() async throws {
        try await ClientTenant.withServer { serverURL, _, service in
            let appKey = try await service.key(for: "local", scopes: [.app])
            let app = WayfinderClient(serverURL: serverURL, appKey: appKey)
            let webPage = try #require(URL(string: "https://www.local.example.com/about"))
            let refused = await clientError("a web page through an app key") {
                () async throws(WayfinderClientError) in
                try await app.createLink(ShortLinkRequest(destination: webPage))
            }
            #expect(refused?.code == .refused)
            #expect(refused?.status == 400)
            #expect(refused?.problem?.code == "invalid-destination")
            #expect(refused?.problem?.field == "destination")
            #expect(refused?.problem?.detail.contains("app key") == true)

            // A key that may only send events (a server's) cannot make links, and one that may
            // only read cannot send events: 403, naming the scope the call needs.
            let eventsOnly = WayfinderClient(
                serverURL: serverURL, appKey: try await service.key(for: "local", scopes: [.eventsWrite]))
            let itemURL = try #require(URL(string: "https://localhost/item/7"))
            let noLinks = await clientError("a link through an events key") {
                () async throws(WayfinderClientError) in
                try await eventsOnly.createLink(ShortLinkRequest(destination: itemURL))
            }
            #expect(noLinks?.code == .refused)
            #expect(noLinks?.status == 403)
            #expect(noLinks?.problem?.type == "urn:wayfinder:problem:insufficient-scope")
            #expect(noLinks?.problem?.code == "insufficient-scope")
            #expect(noLinks?.problem?.detail.contains("app") == true)
            let readOnly = WayfinderClient(
                serverURL: serverURL, appKey: try await service.key(for: "local", scopes: [.linksRead]))
            let noEvents = await clientError("an event through a read key") {
                () async throws(WayfinderClientError) in try await readOnly.send(AppEvent(.open))
            }
            #expect(noEvents?.problem?.code == "insufficient-scope")
            #expect(noEvents?.problem?.detail.contains("events:write") == true)

            // No key at all.
            let keyless = WayfinderClient(serverURL: serverURL)
            let missing = await clientError("an event without a key") {
                () async throws(WayfinderClientError) in try await keyless.send(AppEvent(.open))
            }
            #expect(missing?.status == 401)
            #expect(missing?.problem?.code == "missing-api-key")
        }
    }

    @Test(
        "bad input, a used or unknown claim token and an unknown link are refused with the service's codes and fields")
    func refusedCalls() async throws {
        try await ClientTenant.withServer { serverURL, client, service in
            let wayfinder = WayfinderClient(
                serverURL: serverURL, appKey: try await service.key(for: "local", scopes: [.app]))
            let link = try await wayfinder.createLink(
                ShortLinkRequest(destination: try #require(URL(string: "https://localhost/item/1")), slug: "spring"))
            // The same custom slug and settings: the link made before.
            let again = try await wayfinder.createLink(
                ShortLinkRequest(destination: try #require(URL(string: "https://localhost/item/1")), slug: "spring"))
            #expect(again.id == link.id)

            let batch = await clientError("a batch with an unknown currency") {
                () async throws(WayfinderClientError) in
                try await wayfinder.send([AppEvent(.open), AppEvent(.purchase, value: 1, currency: "XYZ")])
            }
            #expect(batch?.status == 400)
            #expect(batch?.problem?.code == "unknown-currency")
            #expect(batch?.problem?.field == "events[1].currency")
            let name = await clientError("an event name outside the pattern") {
                () async throws(WayfinderClientError) in try await wayfinder.send(AppEvent("Not A Name"))
            }
            #expect(name?.problem?.code == "invalid-event-name")
            #expect(name?.problem?.field == "name")

            let token = try #require(try await ClientTenant.claimToken(tapping: link.url, via: client))
            _ = try await wayfinder.claim(token: token)
            let used = await clientError("a second claim") {
                () async throws(WayfinderClientError) in try await wayfinder.claim(token: token)
            }
            #expect(used?.status == 410)
            #expect(used?.problem?.code == "claim-used")
            let forged = await clientError("a made-up token") {
                () async throws(WayfinderClientError) in try await wayfinder.claim(token: "AAAAAAAAAAAAAAAAAAAAAAAA")
            }
            #expect(forged?.status == 404)
            #expect(forged?.problem?.code == "not-found")

            let unknown = await clientError("an unknown link") {
                () async throws(WayfinderClientError) in
                try await wayfinder.resolve(try! #require(URL(string: "https://localhost/nosuchlink")))
            }
            #expect(unknown?.status == 404)
            #expect(unknown?.problem?.code == "not-found")
        }
    }

    @Test("a service that does not answer is unreachable, with the networking layer's error")
    func unreachable() async throws {
        // Port 9 (discard) on loopback: nothing listens there in the test environment.
        let wayfinder = WayfinderClient(serverURL: try #require(URL(string: "http://127.0.0.1:9")))
        let error = await clientError("a call to a closed port") {
            () async throws(WayfinderClientError) in try await wayfinder.claim(token: "AAAAAAAAAAAAAAAAAAAAAAAA")
        }
        #expect(error?.code == .unreachable)
        #expect(error?.status == nil)
        #expect(error?.underlyingError != nil)
    }
}
