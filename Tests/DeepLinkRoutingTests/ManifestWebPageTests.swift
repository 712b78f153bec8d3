import DeepLinkRouting
import Testing

@Suite("App manifest: route web pages and link path prefixes")
struct ManifestWebPageTests {
    static func decode(routeWeb: String = "https://www.example.com/story/{storyId}", prefixes: String = "")
        -> Manifest.Decoded
    {
        let json = """
            {"id": "example", "ios": {"appIDs": ["ABCDE12345.com.example.app"]}, "domains": ["example.com", "go.example.com"],
             \(prefixes.isEmpty ? "" : "\"linkPathPrefixes\": \(prefixes),")
             "routes": [{"name": "story", "paths": ["/story/{storyId}"], "query": {"tab": "optional"}, "web": "\(routeWeb)"}]}
            """
        return Manifest.decode(Array(json.utf8))
    }

    static func codes(_ decoded: Manifest.Decoded) -> [String] {
        decoded.diagnostics.filter { $0.severity == .error }.map(\.code)
    }

    @Test("a route's web page fills its placeholders with the parameters, percent-encoded")
    func webPage() throws {
        let manifest = try #require(Self.decode(routeWeb: "https://www.example.com/read/{storyId}?tab={tab}").manifest)
        let web = try #require(manifest.route(named: "story")?.web)
        #expect(web.parameterNames == ["storyId", "tab"])
        #expect(
            web.url(parameters: ["storyId": "a b/c", "tab": "x"]) == "https://www.example.com/read/a%20b%2Fc?tab=x")
        #expect(web.url(parameters: ["storyId": "1"]) == nil)
    }

    @Test(
        "a route's web page must be an http(s) URL with a host whose placeholders are the route's parameters",
        arguments: [
            "ftp://www.example.com/{storyId}", "https://{storyId}.example.com/", "https://www.example.com/{pageId}",
            "https://www.example.com/{storyId", "/story/{storyId}",
        ])
    func invalidWebPage(text: String) {
        let decoded = Self.decode(routeWeb: text)
        #expect(decoded.manifest == nil)
        #expect(Self.codes(decoded) == ["invalid-route-web"])
        #expect(decoded.diagnostics.first?.path.description == "routes[0].web")
    }

    @Test("link path prefixes are read per domain; a foreign domain or a malformed prefix is an error")
    func prefixes() throws {
        let manifest = try #require(Self.decode(prefixes: #"{"example.com": ["/link", "/go/links"]}"#).manifest)
        #expect(manifest.linkPathPrefixes == ["example.com": ["/link", "/go/links"]])
        #expect(Self.codes(Self.decode(prefixes: #"{"other.com": ["/link"]}"#)) == ["invalid-link-path-prefix"])
        for bad in ["link", "/link/", "/", "/li nk"] {
            #expect(
                Self.codes(Self.decode(prefixes: #"{"example.com": ["\#(bad)"]}"#)) == ["invalid-link-path-prefix"],
                "\(bad)")
        }
    }
}
