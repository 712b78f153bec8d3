import DeepLinkRouting
import Foundation
import Testing

@Suite("Reverse routing")
struct ReverseRoutingTests {
    /// A value for each parameter of `segments` and each query item, chosen to need escaping.
    static func sampleParameters(_ segments: [RoutePattern.Segment], _ query: [Manifest.QueryItem]) -> [String: String]
    {
        var values: [String: String] = [:]
        for segment in segments {
            switch segment {
            case .literal: break
            case .parameter(let name, "int"), .optional(let name, "int"): values[name] = "-42"
            case .parameter(let name, "uuid"), .optional(let name, "uuid"):
                values[name] = "E621E1F8-C36C-495A-93FC-0C247A3E6E5F"
            case .parameter(let name, _), .optional(let name, _): values[name] = "a b/ç?&#%:@+"
            case .catchAll(let name): values[name] = "2024/a b/%"
            }
        }
        for item in query { values[item.name] = "v&=+ #1" }
        return values
    }

    static var routes: [(file: String, route: String)] {
        ExampleManifests.files.flatMap { file in
            (try? Manifest(contentsOf: file))?.routes.map { (file.lastPathComponent, $0.name) } ?? []
        }
    }

    @Test(
        "resolving the built URL gives back the route and parameters, for every route of every example manifest",
        arguments: routes)
    func roundTrip(file: String, routeName: String) throws {
        let manifest = try Manifest(contentsOf: ExampleManifests.directory.appendingPathComponent(file))
        let table = try RouteTable(manifest: manifest)
        let route = try #require(table.route(named: routeName))
        var cases: [(LinkStyle, [RoutePattern.Segment])] = []
        for domain in manifest.domains {
            for pattern in route.paths { cases.append((.universalLink(domain: domain), pattern.segments)) }
        }
        for link in route.schemeLinks { cases.append((.customScheme, link.segments)) }
        #expect(!cases.isEmpty)
        for (style, segments) in cases {
            let parameters = Self.sampleParameters(segments, route.query)
            let url = try table.url(for: routeName, parameters: parameters, style: style)
            let match = table.resolve(url).match
            #expect(match?.route == routeName, "\(url)")
            #expect(match?.parameters == parameters, "\(url)")
        }
    }

    @Test("values are percent-encoded per segment, and declared query items follow in order")
    func encoding() throws {
        let table = try RouteTable(
            manifest: Manifest(contentsOf: ExampleManifests.directory.appendingPathComponent("storyteller.json")))
        #expect(
            try table.url(
                for: "story", parameters: ["storyId": "a/b c"], style: .universalLink(domain: "stories.example.com")
            ).absoluteString
                == "https://stories.example.com/story/a%2Fb%20c")
        #expect(
            try table.url(for: "clips", parameters: ["categoryId": "k", "collectionId": "c&1"], style: .customScheme)
                .absoluteString
                == "storyteller://clips?collectionId=c%261&categoryId=k")
    }

    @Test("missing, unknown or mistyped parameters and unknown routes are errors that say which")
    func errors() throws {
        let table = try RouteTable(
            manifest: Manifest(contentsOf: ExampleManifests.directory.appendingPathComponent("payments.json")))
        #expect(throws: ReverseRoutingError.unknownRoute("nope")) { try table.url(for: "nope", style: .customScheme) }
        #expect(
            throws: ReverseRoutingError.parametersDoNotFit(
                route: "transaction", missing: ["transactionId"], unknown: [])
        ) {
            try table.url(for: "transaction", style: .customScheme)
        }
        #expect(
            throws: ReverseRoutingError.wrongType(
                route: "transaction", parameter: "transactionId", type: "int", value: "x")
        ) {
            try table.url(for: "transaction", parameters: ["transactionId": "x"], style: .customScheme)
        }
        #expect(throws: ReverseRoutingError.parametersDoNotFit(route: "pay", missing: ["order_id"], unknown: [])) {
            try table.url(for: "pay", style: .universalLink(domain: "pay.example.com"))
        }
        #expect(throws: ReverseRoutingError.noPattern(route: "receipts", style: .customScheme)) {
            try table.url(for: "receipts", parameters: ["rest": "x"], style: .customScheme)
        }
        #expect(throws: ReverseRoutingError.unknownDomain("evil.com")) {
            try table.url(for: "pay", parameters: ["order_id": "1"], style: .universalLink(domain: "evil.com"))
        }
    }
}
