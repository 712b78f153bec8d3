import DeepLinkRouting
import Foundation
import Testing

@Suite("Link intake: DeepLink, push payloads, App Links")
struct DeepLinkIntakeTests {
    @Test("a universal link is read into scheme, host, decoded segments, query items and fragment")
    func universalLink() throws {
        let link = try DeepLink(url: URL(string: "HTTPS://Stories.Example.com/story/a%20b/?x=1&y=%C3%A9&flag#top%21")!)
        #expect(link.source == .universalLink)
        #expect(link.scheme == "https")
        #expect(link.host == "stories.example.com")
        #expect(link.pathSegments == ["story", "a b"])
        #expect(link.segments == ["story", "a b"])
        #expect(
            link.queryItems == [
                .init(name: "x", value: "1"), .init(name: "y", value: "é"), .init(name: "flag", value: nil),
            ])
        #expect(link.fragment == "top!")
    }

    @Test("a custom scheme link's host is its first segment")
    func customScheme() throws {
        let link = try DeepLink(url: URL(string: "storyteller://open/42")!)
        #expect(link.source == .customScheme)
        #expect(link.host == "open")
        #expect(link.pathSegments == ["42"])
        #expect(link.segments == ["open", "42"])
    }

    @Test("a push payload's link is read under deeplink_url, or another key")
    func pushPayload() throws {
        let link = try DeepLink(notification: [
            "aps": ["alert": "New story"], "deeplink_url": "https://stories.example.com/story/7",
        ])
        #expect(link.source == .push)
        #expect(link.pathSegments == ["story", "7"])
        let custom = try DeepLink(notification: ["link": URL(string: "storyteller://open/8")!], key: "link")
        #expect(custom.segments == ["open", "8"])
    }

    @Test("a push payload without the key, or with a value that is not a URL, is a clear error")
    func badPushPayload() {
        #expect(throws: DeepLinkError.missingPayloadKey("deeplink_url")) { try DeepLink(notification: ["url": "x"]) }
        #expect(throws: DeepLinkError.invalidPayloadValue("deeplink_url")) {
            try DeepLink(notification: ["deeplink_url": 42])
        }
    }

    static func appLinkURL(_ json: String, base: String = "storyteller://open/42") -> URL {
        URL(string: base + "?al_applink_data=" + PercentDecoding.encodeQueryComponent(json))!
    }

    @Test("al_applink_data is read into target URL, extras, version, user agent and referer")
    func appLinkData() throws {
        let json = """
            {"target_url": "https://stories.example.com/story/42", "extras": {"campaign": "spring"}, "version": "1.0",
             "user_agent": "FBiOS", "referer_app_link": {"url": "fb://feed", "app_name": "Facebook", "target_url": "https://facebook.com/x"}}
            """
        let link = try DeepLink(url: Self.appLinkURL(json))
        #expect(link.source == .appLink)
        let data = try #require(link.appLink)
        #expect(data.targetURL == URL(string: "https://stories.example.com/story/42"))
        #expect(data.extras.map(\.key) == ["campaign"])
        #expect(data.extras.first?.value.stringValue == "spring")
        #expect(data.version == "1.0")
        #expect(data.userAgent == "FBiOS")
        #expect(
            data.referer
                == .init(
                    url: URL(string: "fb://feed"), appName: "Facebook", targetURL: URL(string: "https://facebook.com/x")
                ))
    }

    @Test("App Links extras reach the app as JSON text in file order, and string values by key")
    func appLinkExtras() throws {
        let json = """
            {"target_url": "https://stories.example.com/story/42",
             "extras": {"fb_app_id": "1234", "campaign": {"name": "spring", "week": 3}, "ids": [1, 2]}}
            """
        let data = try #require(AppLinkData(json: json))
        #expect(data.extrasJSON == #"{"fb_app_id":"1234","campaign":{"name":"spring","week":3},"ids":[1,2]}"#)
        #expect(data.extra("fb_app_id") == "1234")
        #expect(data.extra("campaign") == nil)
        #expect(data.extra("missing") == nil)
        let decoded = try JSONSerialization.jsonObject(with: Data(data.extrasJSON.utf8)) as? [String: Any]
        #expect(decoded?["fb_app_id"] as? String == "1234")
        let bare = try #require(AppLinkData(json: #"{"target_url": "https://stories.example.com/story/42"}"#))
        #expect(bare.extrasJSON == "{}")
    }

    @Test(
        "a malformed App Links payload is ignored",
        arguments: [
            "not json", "[1]", #"{"extras": {}}"#, #"{"target_url": "fb://x"}"#, #"{"target_url": 42}"#,
            #"{"target_url": "https://a.com/x", "extras": 3}"#,
            #"{"target_url": "https://a.com/x", "referer_app_link": "x"}"#,
        ]
    )
    func malformedAppLink(json: String) throws {
        let link = try DeepLink(url: Self.appLinkURL(json))
        #expect(link.appLink == nil)
        #expect(link.source == .customScheme)
    }

    @Test(
        "unreadable links are clear errors, not crashes",
        arguments: [
            ("https:///story/42", DeepLinkError.emptyHost),
            ("storyteller://", .emptyHost),
            ("https://stories.example.com/story/%C3%28", .invalidPercentEncoding(component: "path")),
            ("https://stories.example.com/story/%FF%FE", .invalidPercentEncoding(component: "path")),
            ("https://stories.example.com/s?x=%E2%82", .invalidPercentEncoding(component: "query")),
            ("https://stories.example.com/s#%FF", .invalidPercentEncoding(component: "fragment")),
        ]
    )
    func unreadable(text: String, error: DeepLinkError) throws {
        let url = try #require(URL(string: text))
        #expect(throws: error) { try DeepLink(url: url) }
    }
}
