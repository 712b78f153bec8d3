import DeepLinkRouting
import LinkCore
import Testing

/// The `intent:` URI's grammar as Chrome documents it and Android's `Intent.parseUri` reads it,
/// on ordinary and hostile URLs: one `#Intent;` part, `;`-separated parameters ending in `end`,
/// the fallback percent-encoded so that it decodes to exactly what it was.
@Suite("Android intents")
struct AndroidIntentTests {
    static let store =
        "https://play.google.com/store/apps/details?id=com.storyteller.app&referrer=utm_source%3Dwayfinder%26wayfinder_link%3Dl1%26wf_claim%3Dv1.abc-_"

    @Test(
        "an intent for an https destination is intent://host/path?query#Intent;scheme=https;package=…;S.browser_fallback_url=…;end"
    )
    func grammar() throws {
        let intent = try #require(
            AndroidIntent(
                opening: "https://stories.example.com/story/42?ref=mail", packageName: "com.storyteller.app",
                fallback: "https://www.stories.example.com/a b"))
        #expect(
            intent.uri
                == "intent://stories.example.com/story/42?ref=mail#Intent;scheme=https;package=com.storyteller.app;S.browser_fallback_url=https%3A%2F%2Fwww.stories.example.com%2Fa%20b;end"
        )
    }

    @Test("a custom-scheme destination keeps its scheme; without a package or fallback those parts are absent")
    func customScheme() throws {
        let intent = try #require(AndroidIntent(opening: "storyteller://open/42", packageName: nil, fallback: nil))
        #expect(intent.uri == "intent://open/42#Intent;scheme=storyteller;end")
        #expect(AndroidIntent(opening: "mailto:someone@example.com", packageName: nil, fallback: nil) == nil)
        #expect(AndroidIntent(opening: "1bad://x", packageName: nil, fallback: nil) == nil)
    }

    static let hostileFallbacks = [
        store,
        "https://www.example.com/a;b=c;end",
        "https://www.example.com/#Intent;package=com.evil;end",
        "https://www.example.com/100%25?q=%3B&x=é ü",
        "https://www.example.com/\"><script>alert(1)</script>",
        "https://www.example.com/?S.browser_fallback_url=javascript:alert(1)",
    ]

    @Test("a hostile fallback decodes to exactly itself, and ends no parameter early", arguments: hostileFallbacks)
    func fallbackRoundTrip(_ fallback: String) throws {
        let intent = try #require(
            AndroidIntent(
                opening: "https://stories.example.com/story/42", packageName: "com.storyteller.app", fallback: fallback)
        )
        let uri = intent.uri
        #expect(uri.filter { $0 == "#" }.count == 1)
        #expect(uri.hasSuffix(";end"))
        let parameters = try #require(uri.split(separator: "#").last).split(separator: ";").map(String.init)
        #expect(parameters.count == 5)
        #expect(parameters.first == "Intent" && parameters.last == "end")
        #expect(!uri.contains(" ") && !uri.contains("\"") && !uri.contains("<"))
        let parsed = try #require(AndroidIntent(parsing: uri))
        #expect(parsed.fallback == fallback)
        #expect(parsed.packageName == "com.storyteller.app")
        #expect(parsed.url == "https://stories.example.com/story/42")
    }

    @Test(
        "a destination's fragment (even one that reads like intent parameters) is dropped; what may not stand in a URL is escaped"
    )
    func hostileDestination() throws {
        let intent = try #require(
            AndroidIntent(
                opening: "https://stories.example.com/story/42?a=1;b=2#Intent;package=com.evil;end",
                packageName: "com.storyteller.app", fallback: Self.store))
        #expect(intent.url == "https://stories.example.com/story/42?a=1;b=2")
        #expect(intent.uri.filter { $0 == "#" }.count == 1)
        let parsed = try #require(AndroidIntent(parsing: intent.uri))
        #expect(parsed.packageName == "com.storyteller.app")
        #expect(parsed.fallback == Self.store)

        let spaced = try #require(
            AndroidIntent(opening: "https://stories.example.com/a b\"<>", packageName: "p", fallback: nil))
        #expect(spaced.uri.hasPrefix("intent://stories.example.com/a%20b%22%3C%3E#Intent;"))
    }

    @Test(
        "anything but an intent of these parts is not read",
        arguments: [
            "https://example.com/#Intent;scheme=https;end", "intent://example.com/#Intent;scheme=https",
            "intent://example.com/#Intent;scheme=https;component=com.evil/.Main;end", "intent://example.com/",
            "intent://example.com/#Intent;package=p;end",
        ])
    func refusesOthers(_ uri: String) {
        #expect(AndroidIntent(parsing: uri) == nil)
    }

    @Test(
        "the way out of an in-app browser: x-safari-https on iOS, Instagram's extbrowser, an intent without package on Android, none where the record says it fails"
    )
    func escapes() {
        let page = "https://stories.example.com/spring"
        #expect(InAppBrowser.facebook.escape(from: page, on: .ios) == "x-safari-https://stories.example.com/spring")
        #expect(InAppBrowser.tiktok.escape(from: page, on: .ios) == "x-safari-https://stories.example.com/spring")
        #expect(
            InAppBrowser.instagram.escape(from: page, on: .ios)
                == "instagram://extbrowser/?url=https%3A%2F%2Fstories.example.com%2Fspring")
        #expect(
            InAppBrowser.instagram.escape(from: page, on: .android)
                == "instagram://extbrowser/?url=https%3A%2F%2Fstories.example.com%2Fspring")
        #expect(
            InAppBrowser.facebook.escape(from: page, on: .android)
                == "intent://stories.example.com/spring#Intent;scheme=https;end")
        for (app, platform) in [
            (InAppBrowser.wechat, Platform.ios), (.wechat, .android), (.snapchat, .ios), (.messenger, .android),
            (.threads, .android),
        ] {
            #expect(app.escape(from: page, on: platform) == nil, "\(app) on \(platform)")
        }
        #expect(InAppBrowser.facebook.escape(from: page, on: .desktop) == nil)
    }

    @Test(
        "an intent whose URL is edited equals the intent made from the edited URL, also when the edit changes the scheme",
        arguments: [
            "https://stories.example.com/story/42", "https://stories.example.com/story/42?a=b&c=%20",
            "stories://story/42?wf_click=old", "HTTPS://Stories.example.com/x?",
        ])
    func editedURL(url: String) throws {
        let intent = try #require(
            AndroidIntent(opening: url, packageName: "com.example.stories", fallback: "https://play.example/?id=1"))
        let edited = try #require(intent.editingURL { ClickID.adding("abc", to: $0) })
        let fresh = AndroidIntent(
            opening: ClickID.adding("abc", to: url), packageName: "com.example.stories",
            fallback: "https://play.example/?id=1")
        #expect(edited == fresh)
        #expect(edited.uri == fresh?.uri)
        let rescheme = intent.editingURL { "other" + $0.drop { $0 != ":" } }
        #expect(rescheme?.scheme == "other")
        #expect(
            rescheme
                == AndroidIntent(
                    opening: "other" + url.drop { $0 != ":" }, packageName: "com.example.stories",
                    fallback: "https://play.example/?id=1"))
        #expect(intent.editingURL { $0 + "#top" }?.url == intent.url)
    }
}
