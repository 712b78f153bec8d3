import DeepLinkRouting
import Foundation
import Testing

@Suite("Route table: matching")
struct RouteTableTests {
    static func table(
        _ routes: [(String, [String])], schemeLinks: [String: [String]] = [:],
        query: [String: [Manifest.QueryItem]] = [:], caseInsensitive: Bool = false, exclude: [String] = []
    ) throws -> RouteTable {
        var builder = RouteTableBuilder(
            domains: ["example.com", "share.example.com"], customSchemes: ["example"],
            exclude: exclude.map(PathPattern.init))
        builder.caseInsensitiveLiterals = caseInsensitive
        for (name, paths) in routes {
            try builder.add(name, paths: paths, schemeLinks: schemeLinks[name] ?? [], query: query[name] ?? [])
        }
        return try builder.build()
    }

    static func match(_ table: RouteTable, _ text: String) throws -> RouteMatch {
        let resolution = table.resolve(URL(string: text)!)
        guard case .matched(let match) = resolution else {
            Issue.record("\(text) resolved to \(resolution), not a match")
            throw CancellationError()
        }
        return match
    }

    static let specificity = try! table([
        ("literal", ["/a/new"]), ("typed", ["/a/{id:int}"]), ("param", ["/a/{name}"]),
        ("optional", ["/b/{x?}"]), ("catchAll", ["/b/{rest*}"]), ("exact", ["/b"]),
        ("left", ["/c/x/{p}"]), ("right", ["/c/{q}/y"]),
    ])

    @Test(
        "the most specific pattern wins, segment by segment from the left",
        arguments: [
            ("https://example.com/a/new", "literal"), ("https://example.com/a/42", "typed"),
            ("https://example.com/a/-7", "typed"),
            ("https://example.com/a/newer", "param"), ("https://example.com/b", "exact"),
            ("https://example.com/b/1", "optional"),
            ("https://example.com/b/1/2", "catchAll"), ("https://example.com/c/x/y", "left"),
            ("https://example.com/c/z/y", "right"),
        ]
    )
    func specificity(url: String, route: String) throws {
        #expect(try Self.match(Self.specificity, url).route == route)
    }

    @Test("a typed segment that does not parse falls through to a less specific pattern")
    func typedFallsThrough() throws {
        let table = try Self.table([("int", ["/t/{id:int}"]), ("uuid", ["/t/{id:uuid}"]), ("any", ["/t/{id}"])])
        #expect(try Self.match(table, "https://example.com/t/12").route == "int")
        #expect(try Self.match(table, "https://example.com/t/9F1B2C3D-0000-4000-8000-00000000000A").route == "uuid")
        #expect(try Self.match(table, "https://example.com/t/99999999999999999999").route == "any")
    }

    @Test("an optional last segment is captured when present and absent otherwise")
    func optionalSegment() throws {
        let table = try Self.table([("clips", ["/open/clip/{clipId?}"])])
        #expect(try Self.match(table, "https://example.com/open/clip/9").parameters == ["clipId": "9"])
        let absent = try Self.match(table, "https://example.com/open/clip")
        #expect(absent.parameters == [:])
        #expect(absent.parameterNames == [])
    }

    @Test("a catch-all captures the rest joined by /, and the empty string for zero segments")
    func catchAll() throws {
        let table = try Self.table([("receipts", ["/receipts/{rest*}"])])
        #expect(
            try Self.match(table, "https://example.com/receipts/2024/05/r%201").parameters == ["rest": "2024/05/r 1"])
        #expect(try Self.match(table, "https://example.com/receipts").parameters == ["rest": ""])
        #expect(try Self.match(table, "https://example.com/receipts/").parameters == ["rest": ""])
    }

    @Test("aliases open one route; scheme links match with the host as first segment")
    func aliasesAndSchemes() throws {
        let table = try Self.table(
            [("story", ["/story/{storyId}", "/s/{storyId}"])], schemeLinks: ["story": ["example://open/{storyId}"]])
        for text in [
            "https://example.com/story/42", "http://share.example.com/s/42", "example://open/42", "EXAMPLE://OPEN/42",
        ] {
            let match = try Self.match(table, text)
            #expect(match.route == "story")
            #expect(match["storyId"] == "42")
        }
        #expect(try Self.match(table, "example://open/42").source == .customScheme)
        #expect(try Self.match(table, "https://example.com/story/42").source == .universalLink)
    }

    @Test("a trailing slash is insignificant; literals are case-sensitive unless configured; hosts are not")
    func slashAndCase() throws {
        let table = try Self.table([("story", ["/story/{id}"])])
        #expect(try Self.match(table, "https://EXAMPLE.com/story/42/").parameters == ["id": "42"])
        #expect(table.resolve(URL(string: "https://example.com/Story/42")!) == .notFound)
        let insensitive = try Self.table([("story", ["/story/{id}"])], caseInsensitive: true)
        #expect(try Self.match(insensitive, "https://example.com/STORY/Ab").parameters == ["id": "Ab"])
    }

    @Test("captured values are percent-decoded, and %2F stays inside one segment")
    func percentDecoding() throws {
        let table = try Self.table([("story", ["/story/{id}"]), ("spaced", ["/with space/{id}"])])
        #expect(try Self.match(table, "https://example.com/story/a%2Fb%20%C3%A9").parameters == ["id": "a/b é"])
        #expect(try Self.match(table, "https://example.com/with%20space/1").route == "spaced")
        #expect(try Self.match(table, "https://example.com/st%6Fry/1").route == "story")
    }

    @Test("declared query items: a required one must be there, values join the parameters, others are left out")
    func queryItems() throws {
        let table = try Self.table(
            [("clips", ["/go/clips"])],
            query: [
                "clips": [
                    .init(name: "collectionId", requirement: .required),
                    .init(name: "categoryId", requirement: .optional),
                ]
            ]
        )
        #expect(table.resolve(URL(string: "https://example.com/go/clips?categoryId=1")!) == .notFound)
        let match = try Self.match(table, "https://example.com/go/clips?utm=x&categoryId=c%201&collectionId=9")
        #expect(match.orderedParameters.map(\.name) == ["collectionId", "categoryId"])
        #expect(match.parameters == ["collectionId": "9", "categoryId": "c 1"])
        #expect(try Self.match(table, "https://example.com/go/clips?collectionId").parameters == ["collectionId": ""])
    }

    @Test("links outside the domains and schemes are notDeepLink; exclude patterns answer excluded")
    func outcomes() throws {
        let table = try Self.table(
            [("any", ["/{x}"]), ("help", ["/help/{rest*}"])], exclude: ["/e/*", "/help/website/*"])
        #expect(table.resolve(URL(string: "https://other.com/x")!) == .notDeepLink)
        #expect(table.resolve(URL(string: "mailto:a@example.com")!) == .notDeepLink)
        #expect(table.resolve(URL(string: "other://open/1")!) == .notDeepLink)
        #expect(table.resolve(URL(string: "https://example.com/e")!) == .excluded)
        #expect(table.resolve(URL(string: "https://example.com/e/abc/")!) == .excluded)
        #expect(table.resolve(URL(string: "https://example.com/help/website/faq")!) == .excluded)
        #expect(try Self.match(table, "https://example.com/help/app").route == "help")
        #expect(try Self.match(table, "https://example.com/ex").route == "any")
        #expect(table.resolve(URL(string: "https://example.com/a/b/c")!) == .notFound)
    }

    struct TransactionParameters: Decodable, Equatable {
        var transactionId: Int
        var pageId: UUID
        var note: String?
    }

    @Test("typed access by name, as Int and UUID, and decoding into a Decodable")
    func typedAccess() throws {
        let table = try Self.table([("transaction", ["/t/{transactionId:int}/{pageId:uuid}"])])
        let id = UUID()
        let match = try Self.match(table, "https://example.com/t/42/\(id.uuidString)")
        #expect(match["transactionId"] == "42")
        #expect(match.int("transactionId") == 42)
        #expect(match.uuid("pageId") == id)
        #expect(match.int("pageId") == nil)
        #expect(
            try match.decode(TransactionParameters.self)
                == TransactionParameters(transactionId: 42, pageId: id, note: nil))
    }

    @Test("custom parameter types registered in code take part in matching")
    func customType() throws {
        var builder = RouteTableBuilder(domains: ["example.com"])
        builder.register(ParameterType("slug") { $0.allSatisfy { $0.isLowercase || $0 == "-" } })
        try builder.add("article", paths: ["/a/{slug:slug}"])
        try builder.add("other", paths: ["/a/{anything}"])
        let table = try builder.build()
        #expect(try Self.match(table, "https://example.com/a/hello-world").route == "article")
        #expect(try Self.match(table, "https://example.com/a/Hello").route == "other")
    }

    @Test("an App Link's target URL is routed when it is the app's, with the referer on the match")
    func appLinkTarget() throws {
        let table = try Self.table([("story", ["/story/{id}"])], schemeLinks: ["story": ["example://open/{id}"]])
        let json =
            #"{"target_url": "https://example.com/story/7", "referer_app_link": {"url": "fb://back", "app_name": "Facebook"}}"#
        let match = try Self.match(
            table, "example://open/1?al_applink_data=" + PercentDecoding.encodeQueryComponent(json))
        #expect(match["id"] == "7")
        #expect(match.source == .appLink)
        #expect(match.url == URL(string: "https://example.com/story/7"))
        #expect(match.referer?.appName == "Facebook")
        let elsewhere = #"{"target_url": "https://news.site/story/7", "referer_app_link": {"app_name": "Facebook"}}"#
        let own = try Self.match(
            table, "example://open/1?al_applink_data=" + PercentDecoding.encodeQueryComponent(elsewhere))
        #expect(own["id"] == "1")
        #expect(own.source == .appLink)
        #expect(own.referer?.appName == "Facebook")
    }
}
