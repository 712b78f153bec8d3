import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// A link's `utm` fields are merged into the web URLs its visits are sent to: a `utm_*` parameter
/// already in the URL is replaced, the rest kept; store URLs are left alone.
@Suite("UTM merge")
struct UTMMergeTests {
    @Test(
        "utm fields are appended, replacing the same utm_* parameters and keeping the rest and the fragment",
        arguments: [
            ("https://w.example/a", "https://w.example/a?utm_source=news&utm_campaign=spring%20sale"),
            ("https://w.example/a?x=1#top", "https://w.example/a?x=1&utm_source=news&utm_campaign=spring%20sale#top"),
            (
                "https://w.example/a?utm_source=old&utm_medium=email&x=1",
                "https://w.example/a?utm_medium=email&x=1&utm_source=news&utm_campaign=spring%20sale"
            ),
        ])
    func merge(url: String, expected: String) {
        let utm = UTMParameters(source: "news", campaign: "spring sale")
        #expect(utm.merged(into: url) == expected)
        #expect(UTMParameters().merged(into: url) == url)
    }

    @Test(
        "visits of a link with utm go to its web destination, fallbacks and rule targets with them; the Play Store URL is untouched"
    )
    func redirects() async throws {
        try await TestService.withLink(
            #"{"destination": "https://www.stories.example.com/a?utm_source=x", "slug": "u", "utm": {"source": "news", "medium": "email"}, "rules": [{"when": [{"query": "r"}], "destination": "https://www.stories.example.com/r"}]}"#
        ) { client, _ in
            let desktop = try await client.execute(uri: "/u", method: .get, headers: .visitor(Agents.desktop))
            #expect(desktop.headers[.location] == "https://www.stories.example.com/a?utm_source=news&utm_medium=email")
            let ruled = try await client.execute(uri: "/u?r", method: .get, headers: .visitor(Agents.desktop))
            #expect(ruled.headers[.location] == "https://www.stories.example.com/r?utm_source=news&utm_medium=email")
            let android = try await client.execute(uri: "/u", method: .get, headers: .visitor(Agents.android))
            #expect(
                android.headers[.location]?.hasPrefix(
                    "https://play.google.com/store/apps/details?id=com.storyteller.app&referrer=") == true)
        }
    }
}
