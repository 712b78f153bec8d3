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

/// Visits from in-app browsers, end to end: the click records the app and the link's stats count
/// it under `inApp`; a rule's `browser` condition sends the app's visitors elsewhere.
@Suite("In-app visits")
struct InAppVisitTests {
    static let web = RuleRedirectTests.web
    static let instagramOnIPhone = InAppBrowserTests.inApp[0].agent
    static let instagramOnAndroid = InAppBrowserTests.inApp[2].agent
    static let tiktokOnAndroid = InAppBrowserTests.inApp[10].agent

    @Test("an Instagram visit is counted under inApp's Instagram; Safari, Chrome and a crawler are not in it")
    func statsCountApps() async throws {
        #expect(ClientInfo(userAgent: Self.instagramOnIPhone).inApp == .instagram)
        #expect(ClientInfo(userAgent: Self.tiktokOnAndroid).inApp == .tiktok)
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlush = .synchronous
        try await TestService.withLink(
            #"{"destination": "\#(Self.web)/home", "slug": "shared"}"#, configuration: configuration, testing: .live
        ) { client, key in
            func stats() async throws -> JSONNode {
                let response = try await client.execute(
                    uri: "/api/v1/links/shared/stats", method: .get, headers: .bearer(key))
                #expect(response.status == .ok)
                return try #require(response.json)
            }
            // Present, and empty, before any in-app visit.
            #expect(try await stats()["inApp"]?.objectValue?.isEmpty == true)

            for agent in [Self.instagramOnIPhone, Agents.iPhone, Agents.android, Agents.facebook] {
                let visit = try await client.execute(uri: "/shared", method: .get, headers: .visitor(agent))
                #expect(visit.status == .ok || visit.status == .found)
            }
            let first = try await stats()
            #expect(first[path: "inApp.Instagram"] == "1")
            #expect(first["inApp"]?.objectValue?.map(\.key) == ["Instagram"])
            #expect(first[path: "clicks"] == "3")

            for agent in [Self.instagramOnAndroid, Self.tiktokOnAndroid] {
                _ = try await client.execute(uri: "/shared", method: .get, headers: .visitor(agent))
            }
            let second = try await stats()
            #expect(second[path: "inApp.Instagram"] == "2")
            #expect(second[path: "inApp.TikTok"] == "1")
            #expect(second["inApp"]?.objectValue?.count == 2)
            #expect(second[path: "clicks"] == "5")
        }
    }

    static let members = #"""
        "skipPreview": true,
        "fallbacks": {"ios": "\#(web)/ios", "android": "\#(web)/android"},
        "rules": [{"name": "Instagram", "when": [{"browser": "instagram"}], "fallbacks": {"ios": "\#(web)/ig-ios", "android": "\#(web)/ig-android"}}]
        """#

    @Test("a browser: instagram rule sends Instagram's visitors elsewhere, Safari's and Chrome's not")
    func ruleNamesApp() async throws {
        try await RuleRedirectTests.withLink(Self.members) { client, key in
            try await RuleRedirectTests.expectLocation(client, agent: Self.instagramOnIPhone, Self.web + "/ig-ios")
            try await RuleRedirectTests.expectLocation(client, agent: Self.instagramOnAndroid, Self.web + "/ig-android")
            try await RuleRedirectTests.expectLocation(client, agent: Agents.iPhone, Self.web + "/ios")
            try await RuleRedirectTests.expectLocation(client, agent: Agents.android, Self.web + "/android")
            // Another app's in-app browser is not Instagram.
            try await RuleRedirectTests.expectLocation(client, agent: Self.tiktokOnAndroid, Self.web + "/android")

            // The API takes every app's value and explains an unknown one.
            let patched = try await client.execute(
                uri: "/api/v1/links/campaign", method: .patch, headers: .bearer(key),
                body: ByteBuffer(
                    string:
                        #"{"rules": [{"when": [{"browser": ["tiktok", "google-app"]}], "fallbacks": {"android": "\#(Self.web)/apps"}}]}"#
                ))
            #expect(patched.status == .ok, "\(patched.text)")
            try await RuleRedirectTests.expectLocation(client, agent: Self.tiktokOnAndroid, Self.web + "/apps")
            let unknown = try await client.execute(
                uri: "/api/v1/links/campaign", method: .patch, headers: .bearer(key),
                body: ByteBuffer(
                    string: #"{"rules": [{"when": [{"browser": "telegram"}], "destination": "\#(Self.web)/t"}]}"#))
            #expect(unknown.status == .badRequest)
            #expect(unknown.text.contains("instagram"))
        }
    }
}
