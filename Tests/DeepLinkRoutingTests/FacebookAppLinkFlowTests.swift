import DeepLinkRouting
import Foundation
import Testing

/// A story shared on Facebook: the app opens with its scheme URL and `al_applink_data`, routes the
/// target URL, and keeps the referer for a "back to Facebook" control.
@Suite("Seed flow: App Link from Facebook with a back link")
struct FacebookAppLinkFlowTests {
    static let table = try! RouteTable(
        manifest: Manifest(contentsOf: ExampleManifests.directory.appendingPathComponent("storyteller.json")))

    static func link(_ base: String, _ json: String) -> URL {
        URL(string: base + "?al_applink_data=" + PercentDecoding.encodeQueryComponent(json))!
    }

    static let payload = """
        {"target_url": "https://stories.example.com/story/42?fbclid=abc", "version": "1.0", "user_agent": "FBiOS",
         "extras": {"fb_app_id": "1234"},
         "referer_app_link": {"url": "fb://profile/99", "app_name": "Facebook", "target_url": "https://www.facebook.com/99"}}
        """

    @Test("the target URL opens the story and the handler can offer a way back to Facebook")
    func backLink() async throws {
        let recorder = Recorder()
        var builder = RouterBuilder(table: Self.table)
        builder.handle("story") { match in
            await recorder.record(
                "story \(match["storyId"] ?? "") back to \(match.referer?.appName ?? "?") at \(match.referer?.url?.absoluteString ?? "?")"
            )
        }
        let router = try builder.build()
        await router.activate()
        let outcome = await router.open(Self.link("storyteller://open/1", Self.payload))
        #expect(outcome.match?.source == .appLink)
        #expect(outcome.match?.appLink?.extras.first?.key == "fb_app_id")
        #expect(await recorder.events == ["story 42 back to Facebook at fb://profile/99"])
    }

    @Test("a malformed payload is ignored and the URL routed as it is")
    func malformed() {
        let match = Self.table.resolve(Self.link("storyteller://open/5", #"{"target_url": "javascript:alert(1)"}"#))
            .match
        #expect(match?["storyId"] == "5")
        #expect(match?.source == .customScheme)
        #expect(match?.referer == nil)
    }

    @Test("a target that is not one of the app's links leaves the opening URL to be routed, still with the referer")
    func foreignTarget() {
        let json =
            #"{"target_url": "https://news.example.net/a", "referer_app_link": {"url": "fb://x", "app_name": "Facebook"}}"#
        let match = Self.table.resolve(Self.link("https://share.stories.example.com/story/8", json)).match
        #expect(match?["storyId"] == "8")
        #expect(match?.source == .appLink)
        #expect(match?.referer?.appName == "Facebook")
    }
}
