import DeepLinkRouting
import Testing

@testable import AssociatedDomains

@Suite("SampleURLs: concrete URLs for manifest routes and excludes")
struct SampleURLsTests {
    @Test(
        "route patterns become concrete paths",
        arguments: [
            ("/story/{storyId}", ["/story/sample"]),
            ("/transaction/{id:int}", ["/transaction/42"]),
            ("/page/{pageId:uuid}", ["/page/E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]),
            ("/open/clip/{clipId?}", ["/open/clip", "/open/clip/sample"]),
            ("/docs/{rest*}", ["/docs", "/docs/sample/more"]),
            ("/{rest*}", ["/", "/sample/more"]),
            ("/a%20b/{id}", ["/a%20b/sample"]),
        ])
    func paths(pattern: String, expected: [String]) throws {
        #expect(SampleURLs.paths(for: try RoutePattern(parsing: pattern)) == expected)
    }

    @Test("required query items are always present, optional ones in a second sample")
    func query() throws {
        let route = Manifest.Route(
            name: "clips", paths: [try RoutePattern(parsing: "/go/clips")],
            query: [
                .init(name: "collectionId", requirement: .required), .init(name: "categoryId", requirement: .optional),
            ])
        #expect(
            SampleURLs.urls(for: route, domain: "example.com") == [
                "https://example.com/go/clips?collectionId=sample",
                "https://example.com/go/clips?collectionId=sample&categoryId=sample",
            ])
    }

    @Test(
        "an exclude pattern yields a URL inside it",
        arguments: [
            ("/e/*", "https://example.com/e/sample"),
            ("help/website/*", "https://example.com/help/website/sample"),
            ("/p/???", "https://example.com/p/xxx"),
        ])
    func exclude(pattern: String, expected: String) {
        let path = PathPattern(pattern)
        let url = SampleURLs.url(for: path, domain: "example.com")
        #expect(url == expected)
        #expect(path.matches(path: String(url.dropFirst("https://example.com".count))))
    }
}
