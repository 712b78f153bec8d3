import DeepLinkRouting
import Foundation
import Testing

/// Storyteller's story-sharing links (`isStorytellerDeepLink` / `openDeepLink`), from Examples/storyteller.json.
@Suite("Seed flow: story-sharing links")
struct StorySharingFlowTests {
    static let manifest = try! Manifest(
        contentsOf: ExampleManifests.directory.appendingPathComponent("storyteller.json"))
    static let table = try! RouteTable(manifest: manifest)
    static let page = "0F8FAD5B-D9CB-469F-A165-70867728950E"

    @Test(
        "every https and scheme shape of a shared link opens its screen",
        arguments: [
            ("https://stories.example.com/story/42", "story", ["storyId": "42"]),
            ("https://share.stories.example.com/story/42/", "story", ["storyId": "42"]),
            ("http://stories.example.com/story/42", "story", ["storyId": "42"]),
            ("https://STORIES.example.com/story/42?utm_source=x#comments", "story", ["storyId": "42"]),
            ("storyteller://open/42", "story", ["storyId": "42"]),
            ("StoryTeller://Open/42", "story", ["storyId": "42"]),
            ("https://stories.example.com/story/42/page/\(page)", "page", ["storyId": "42", "pageId": page]),
            ("storyteller://open/42/\(page)", "page", ["storyId": "42", "pageId": page]),
            ("https://stories.example.com/category/news%20today", "category", ["categoryId": "news today"]),
            ("storyteller://category/news", "category", ["categoryId": "news"]),
            (
                "https://stories.example.com/open/clip/5?collectionId=c1", "clips",
                ["clipId": "5", "collectionId": "c1"]
            ),
            ("https://stories.example.com/open/clip?collectionId=c1", "clips", ["collectionId": "c1"]),
            (
                "https://stories.example.com/go/clips?categoryId=k&collectionId=c1", "clips",
                ["collectionId": "c1", "categoryId": "k"]
            ),
            ("storyteller://clips?collectionId=c1", "clips", ["collectionId": "c1"]),
            ("storyteller://clips/9?collectionId=c1", "clips", ["clipId": "9", "collectionId": "c1"]),
            ("https://stories.example.com/sheet/s1", "sheet", ["sheetId": "s1"]),
        ]
    )
    func opens(url: String, route: String, parameters: [String: String]) async throws {
        let recorder = Recorder()
        var builder = RouterBuilder(table: Self.table)
        for name in Self.manifest.routes.map(\.name) {
            builder.handle(name) { match in
                await recorder.record("\(match.route) \(match.parameters.sorted { $0.key < $1.key })")
            }
        }
        let router = try builder.build()
        await router.activate()
        #expect(router.canOpen(URL(string: url)!))
        let outcome = await router.open(URL(string: url)!)
        #expect(outcome.match?.route == route)
        #expect(outcome.match?.parameters == parameters)
        #expect(await recorder.events == ["\(route) \(parameters.sorted { $0.key < $1.key })"])
    }

    @Test(
        "links the app must not take are told apart",
        arguments: [
            ("https://stories.example.com/e/campaign", "excluded"),
            ("https://stories.example.com/help/website/faq", "excluded"),
            ("https://stories.example.com/open/clip/5", "notFound"),
            ("https://stories.example.com/story", "notFound"),
            ("https://example.org/story/42", "notDeepLink"),
            ("otherapp://open/42", "notDeepLink"),
        ]
    )
    func refuses(url: String, outcome: String) {
        #expect(Self.table.resolve(URL(string: url)!).name == outcome)
    }

    @Test("a push notification's deeplink_url opens the story, with source push")
    func push() async throws {
        let recorder = Recorder()
        var builder = RouterBuilder(table: Self.table)
        builder.handle("story") { match in await recorder.record("\(match.source.rawValue) \(match["storyId"] ?? "")") }
        let router = try builder.build()
        await router.activate()
        let userInfo: [AnyHashable: Any] = [
            "aps": ["alert": ["title": "New story"]], "deeplink_url": "storyteller://open/77",
        ]
        let outcome = await router.open(try DeepLink(notification: userInfo))
        #expect(outcome.match?.source == .push)
        #expect(await recorder.events == ["push 77"])
    }
}
