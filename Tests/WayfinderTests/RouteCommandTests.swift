import DeepLinkRouting
import Foundation
import Testing

@Suite("wayfinder route")
struct RouteCommandTests {
    @Test("--json prints one object per URL in the documented shape and goes on after a bad URL")
    func json() async throws {
        let appLink =
            "storyteller://open/1?al_applink_data="
            + PercentDecoding.encodeQueryComponent(
                #"{"target_url": "https://stories.example.com/story/42", "referer_app_link": {"url": "fb://feed", "app_name": "Facebook"}}"#
            )
        let result = try await WayfinderProcess.runDetached([
            "route", "--manifest", "Examples/storyteller.json", "--json",
            "https://stories.example.com/story/a%20b", "storyteller://clips/9?collectionId=c1&x=y", "http://[bad",
            appLink,
            "https://example.org/x", "https://stories.example.com/e/1",
            "https://stories.example.com/nothing/here/at/all",
        ])
        #expect(result.status == 0, "\(result.stderr)")
        let lines = result.stdout.split(separator: "\n").map(String.init)
        #expect(
            lines == [
                #"{"url":"https://stories.example.com/story/a%20b","outcome":"matched","route":"story","params":{"storyId":"a b"},"source":"universalLink","barriers":[]}"#,
                #"{"url":"storyteller://clips/9?collectionId=c1&x=y","outcome":"matched","route":"clips","params":{"clipId":"9","collectionId":"c1"},"source":"customScheme","barriers":[]}"#,
                #"{"url":"http://[bad","outcome":"invalid","reason":"not a URL; a link looks like https://example.com/story/42 or example://open/42"}"#,
                #"{"url":"\#(appLink)","outcome":"matched","route":"story","params":{"storyId":"42"},"source":"appLink","barriers":[],"referer":{"url":"fb://feed","appName":"Facebook"}}"#,
                #"{"url":"https://example.org/x","outcome":"notDeepLink"}"#,
                #"{"url":"https://stories.example.com/e/1","outcome":"excluded"}"#,
                #"{"url":"https://stories.example.com/nothing/here/at/all","outcome":"notFound"}"#,
            ])
    }

    @Test("without --json each URL gets one readable line with the route's barriers")
    func text() async throws {
        let result = try await WayfinderProcess.runDetached([
            "route", "--manifest", "Examples/payments.json", "https://pay.example.com/transaction/7", "payapp://pay",
        ])
        #expect(result.status == 0)
        #expect(
            result.stdout == """
                https://pay.example.com/transaction/7: matched transaction (universalLink) transactionId="7"; barriers: authenticated
                payapp://pay: notFound (one of the app's links, but no route matches)

                """)
    }

    @Test("a manifest that cannot be read is an error with exit code 1")
    func badManifest() async throws {
        let result = try await WayfinderProcess.runDetached(["route", "--manifest", "no-such.json", "https://x.com"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no-such.json: cannot read the manifest"))
    }

    @Test("--help documents the exit codes with examples")
    func help() async throws {
        let result = try await WayfinderProcess.runDetached(["route", "--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Exits 0 when the manifest loads"))
        #expect(result.stdout.contains("wayfinder route --manifest Examples/storyteller.json"))
    }
}
