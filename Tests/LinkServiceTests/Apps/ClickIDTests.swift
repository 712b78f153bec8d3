import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkStorage
import NIOCore
import Testing

/// Click ids: made where a click is recorded, handed to the app by the resolve call and the claim
/// answer, and found again in the store under the tenant that recorded them.
@Suite("Click ids")
struct ClickIDTests {
    @Test("click ids are 22 base64url characters, all different, and read back from their text")
    func idText() throws {
        let ids = (0..<1_000).map { _ in ClickID.random() }
        #expect(Set(ids.map(\.text)).count == ids.count)
        for id in ids.prefix(50) {
            #expect(id.text.utf8.count == ClickID.textLength)
            #expect(ClickID(parsing: id.text) == id)
        }
        for text in [
            "", "short", String(repeating: "A", count: 23), String(repeating: "+", count: 22), "AAAAAAAAAAAAAAAAAAAAA=",
        ] {
            #expect(ClickID(parsing: text) == nil, "\(text)")
        }
    }

    @Test("the resolve call records the app's click and answers its id, which the store finds for that tenant only")
    func resolveAnswersClickID() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlushInterval = .milliseconds(50)
        let service = try await TestService.make(
            manifests: [DeferredTenants.local, DeferredTenants.other], configuration: configuration)
        let key = try await service.key(for: "local")
        try await service.server.makeApplication().testLive { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post,
                headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"destination": "https://localhost/item/7", "slug": "seven"}"#))
            #expect(created.status == .created)
            let linkID = try #require(created.json?[path: "id"])
            let first = try await client.execute(
                uri: "/api/v1/resolve?url=https%3A%2F%2Flocalhost%2Fseven", method: .get)
            let second = try await client.execute(
                uri: "/api/v1/resolve?url=https%3A%2F%2Flocalhost%2Fseven", method: .get)
            let firstID = try #require(first.json?[path: "clickId"].flatMap(ClickID.init(parsing:)))
            let secondID = try #require(second.json?[path: "clickId"].flatMap(ClickID.init(parsing:)))
            #expect(firstID != secondID)
            let stored = try await eventually(within: .seconds(10)) {
                try await service.store.click(tenant: "local", id: firstID) != nil
            }
            #expect(stored)
            let reference = try await service.store.click(tenant: "local", id: firstID)
            #expect(reference?.linkID == linkID)
            #expect(try await service.store.click(tenant: "other", id: firstID) == nil)
            #expect(try await service.store.click(tenant: "local", id: .random()) == nil)
        }
        await service.close()
    }

    @Test("a visit given a claim token records its click under the token's nonce, and the claim answers that click id")
    func claimAnswersClickID() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlushInterval = .milliseconds(50)
        let service = try await TestService.make(
            manifests: [DeferredTenants.local, DeferredTenants.other], configuration: configuration)
        let key = try await service.key(for: "local")
        try await service.server.makeApplication().testLive { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post,
                headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"destination": "https://localhost/item/8", "slug": "eight"}"#))
            let linkID = try #require(created.json?[path: "id"])
            let token = try #require(try await DeferredTenants.androidToken("eight", via: client))
            let claim = try await DeferredTenants.claim(token, via: client)
            #expect(claim.status == .ok)
            let clickID = try #require(claim.json?[path: "clickId"].flatMap(ClickID.init(parsing:)))
            #expect(clickID == ClickID(nonce: try #require(ClaimToken.parse(token)).token.nonce))
            let stored = try await eventually(within: .seconds(10)) {
                try await service.store.click(tenant: "local", id: clickID)?.linkID == linkID
            }
            #expect(stored)
        }
        await service.close()
    }

    @Test(
        "a click id begins with its time in milliseconds, so ids of one moment share a prefix, and ends with ten random bytes"
    )
    func idsBeginWithTheirTime() {
        let time = Date(timeIntervalSince1970: 1_795_000_000.123)
        let ids = (0..<100).map { _ in ClickID.random(at: time) }
        let milliseconds = ids[0].bytes.prefix(6).reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
        #expect(milliseconds == 1_795_000_000_123)
        #expect(Set(ids.map { $0.text.prefix(8) }).count == 1)
        #expect(Set(ids.map { $0.bytes.suffix(10) }).count == ids.count)
        let later = ClickID.random(at: time.addingTimeInterval(0.001))
        #expect(later.bytes.lexicographicallyPrecedes(ids[0].bytes) == false)
        #expect(later.bytes.prefix(6) != ids[0].bytes.prefix(6))
    }

    @Test("wf_click is added before the fragment, after the query, and replaces one already there")
    func parameterText() {
        #expect(ClickID.adding("abc", to: "https://a.example/x") == "https://a.example/x?wf_click=abc")
        #expect(ClickID.adding("abc", to: "app://open/1?a=b#top") == "app://open/1?a=b&wf_click=abc#top")
        #expect(
            ClickID.adding("abc", to: "https://a.example/x?wf_click=old&c=d") == "https://a.example/x?c=d&wf_click=abc")
        #expect(
            ClickID.adding("abc", to: "https://a.example/x?wf_clicks=1")
                == "https://a.example/x?wf_clicks=1&wf_click=abc")
        #expect(ClickID.adding("abc", to: "https://a.example/x?") == "https://a.example/x?wf_click=abc")
        #expect(ClickID.adding("abc", to: "https://a.example/x?a=b&#f") == "https://a.example/x?a=b&wf_click=abc#f")
        #expect(ClickID.adding("abc", to: "app://open#a?b") == "app://open?wf_click=abc#a?b")
    }

    @Test(
        "the ways into the app carry wf_click with the recorded click's id, a new one per visit: Chrome's intent and the iOS page's banner; desktop and crawlers get none"
    )
    func destinationsCarryClickID() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlushInterval = .milliseconds(50)
        let service = try await TestService.make(manifests: [DeferredTenants.local], configuration: configuration)
        let key = try await service.key(for: "local")
        try await service.server.makeApplication().testLive { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post,
                headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"destination": "https://localhost/item/9", "slug": "nine"}"#))
            let linkID = try #require(created.json?[path: "id"])
            let chrome = try await client.execute(
                uri: "/nine", method: .get, headers: DeferredTenants.visitor(Agents.android))
            let intent = try #require(AndroidIntent(parsing: chrome.headers[.location] ?? ""))
            // Only the URL the app receives carries it, not the Play Store fallback.
            #expect(intent.url.clickIDs.count == 1)
            #expect(intent.url.withoutClickIDs == "https://localhost/item/9")
            #expect(intent.fallback?.contains(ClickID.parameter) == false)
            var ids = intent.url.clickIDs
            for _ in 0..<2 {
                let page = try await client.execute(
                    uri: "/nine", method: .get, headers: DeferredTenants.visitor(Agents.iPhone))
                #expect(page.status == .ok)
                #expect(page.text.withoutClickIDs.contains("app-argument=https://localhost/item/9\""))
                ids += page.text.clickIDs
            }
            #expect(ids.count == 3)
            #expect(Set(ids).count == 3, "every visit has its own click id, the page rendered once or not")
            for id in ids {
                let clickID = try #require(ClickID(parsing: id))
                let stored = try await eventually(within: .seconds(10)) {
                    try await service.store.click(tenant: "local", id: clickID)?.linkID == linkID
                }
                #expect(stored, "\(id)")
            }
            for agent in [Agents.desktop, Agents.facebook, Agents.android + " Googlebot/2.1"] {
                let visit = try await client.execute(
                    uri: "/nine", method: .get, headers: DeferredTenants.visitor(agent))
                #expect(!(visit.headers[.location] ?? "").contains(ClickID.parameter), "\(agent)")
                #expect(!visit.text.contains(ClickID.parameter), "\(agent)")
            }
        }
        await service.close()
    }

    @Test("a manifest with \"clickParameter\": false keeps wf_click off every destination")
    func clickParameterOff() async throws {
        let manifest = try Manifest(
            json: Array(
                #"""
                {"id": "local", "ios": {"appIDs": ["ABCDE12345.com.local.app"], "appStoreID": "1"},
                 "android": {"package": "com.local.app", "sha256CertFingerprints": ["\#(DeferredTenants.fingerprint)"]},
                 "domains": ["localhost"], "routes": [{"name": "item", "paths": ["/item/{id}"]}],
                 "apps": {"clickParameter": false}}
                """#.utf8))
        let service = try await TestService.make(manifests: [manifest])
        let key = try await service.key(for: "local")
        try await service.server.makeApplication().test(.router) { client in
            _ = try await client.execute(
                uri: "/api/v1/links", method: .post,
                headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"destination": "https://localhost/item/9", "slug": "nine"}"#))
            for agent in [Agents.android, Agents.iPhone, LastMileVisitTests.agent("Instagram, Android")] {
                let visit = try await client.execute(
                    uri: "/nine", method: .get, headers: DeferredTenants.visitor(agent))
                #expect(visit.status == .found || visit.status == .ok)
                #expect(!(visit.headers[.location] ?? "").contains(ClickID.parameter), "\(agent)")
                #expect(!visit.text.contains(ClickID.parameter), "\(agent)")
            }
        }
        await service.close()
    }
}
