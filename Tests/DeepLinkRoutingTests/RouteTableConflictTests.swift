import DeepLinkRouting
import Foundation
import Testing

@Suite("Route table: build-time conflicts")
struct RouteTableConflictTests {
    static func problems(
        _ routes: [(String, [String])], schemeLinks: [(String, [String])] = [], register: [ParameterType] = []
    ) throws -> [RouteTableError.Problem] {
        var builder = RouteTableBuilder(domains: ["example.com"], customSchemes: ["example"])
        for type in register { builder.register(type) }
        for (name, paths) in routes {
            try builder.add(name, paths: paths, schemeLinks: schemeLinks.first { $0.0 == name }?.1 ?? [])
        }
        do {
            _ = try builder.build()
            return []
        } catch {
            return error.problems
        }
    }

    @Test(
        "patterns that tie on some URL are rejected",
        arguments: [
            ["/a/{x}", "/a/{y}"], ["/a/{x:int}", "/a/{y:int}"], ["/a/{x?}", "/a/{y:int?}"], ["/a/{x*}", "/a/{y*}"],
            ["/story", "/story/"],
        ]
    )
    func ties(patterns: [String]) throws {
        let problems = try Self.problems([("first", [patterns[0]]), ("second", [patterns[1]])])
        #expect(problems.count == 1)
        guard let problem = problems.first, problem.code == "ambiguous-patterns", problem.patterns.count == 2 else {
            Issue.record("expected an ambiguity, got \(problems)")
            return
        }
        let (first, second) = (problem.patterns[0], problem.patterns[1])
        #expect(
            first
                == PatternReference(
                    route: "first", pattern: patterns[0],
                    path: JSONPath([.key("routes"), .index(0), .key("paths"), .index(0)])))
        #expect(second.route == "second")
        #expect(second.pattern == patterns[1])
    }

    @Test(
        "patterns whose specificity differs somewhere do not conflict",
        arguments: [
            ["/a/new", "/a/{x}"], ["/a/{x:int}", "/a/{y}"], ["/a/{x:int}", "/a/{y:uuid}"], ["/a", "/a/{x?}"],
            ["/a/{x?}", "/a/{y*}"],
            ["/a/{x}/b", "/a/{y}/c"], ["/a/x/{p}", "/a/{q}/y"],
        ]
    )
    func noTie(patterns: [String]) throws {
        #expect(try Self.problems([("first", [patterns[0]]), ("second", [patterns[1]])]) == [])
    }

    @Test("the message names both patterns, their routes and an example link both match")
    func message() throws {
        let problems = try Self.problems([("story", ["/story/{storyId}"]), ("legacy", ["/old", "/story/{id}"])])
        #expect(
            problems.map(\.message) == [
                #""/story/{id}" (route "legacy", routes[1].paths[1]) and "/story/{storyId}" (route "story", routes[0].paths[0]) both match "/story/id" equally specifically; change a literal, give a parameter a type, or remove one of them"#
            ])
        #expect(problems.first?.code == "ambiguous-patterns")
    }

    @Test("scheme links conflict among themselves, hosts ignoring case")
    func schemeConflict() throws {
        let problems = try Self.problems(
            [("a", []), ("b", [])], schemeLinks: [("a", ["example://open/{x}"]), ("b", ["example://Open/{y}"])])
        #expect(problems.map(\.code) == ["ambiguous-patterns"])
    }

    @Test("an unknown parameter type fails the build; two types that could share a segment conflict")
    func types() throws {
        #expect(
            try Self.problems([("a", ["/a/{x:slug}"])]) == [
                .unknownType(
                    PatternReference(
                        route: "a", pattern: "/a/{x:slug}",
                        path: JSONPath([.key("routes"), .index(0), .key("paths"), .index(0)])), type: "slug")
            ])
        let slug = ParameterType("slug") { _ in true }
        #expect(
            try Self.problems([("a", ["/a/{x:slug}"]), ("b", ["/a/{y:int}"])], register: [slug]).map(\.code) == [
                "overlapping-parameter-types"
            ])
    }

    @Test("route names must be unique")
    func duplicateNames() throws {
        #expect(try Self.problems([("a", ["/a"]), ("a", ["/b"])]) == [.duplicateRouteName("a")])
    }

    @Test("manifest validation reports ambiguous patterns with the JSON paths of both")
    func manifestDiagnostics() {
        let json = """
            {"id": "x", "ios": {"appIDs": ["ABCDE12345.com.x.app"], "scheme": "x"}, "domains": ["x.com"],
             "routes": [{"name": "a", "paths": ["/s/{id}"]}, {"name": "b", "paths": ["/t", "/s/{other}"]}, {"name": "c", "paths": ["/c/{v:slug}"]}]}
            """
        let decoded = Manifest.decode(Data(json.utf8))
        #expect(decoded.manifest == nil)
        #expect(decoded.diagnostics.map(\.code) == ["unknown-parameter-type", "ambiguous-patterns"])
        let ambiguity = decoded.diagnostics[1]
        #expect(ambiguity.path.description == "routes[1].paths[1]")
        #expect(ambiguity.hint == "the other pattern is at routes[0].paths[0]")
    }

    @Test("a table of 100,000 routes builds and still finds each kind of route")
    func largeTable() throws {
        var builder = RouteTableBuilder(domains: ["example.com"])
        for index in 0..<100_000 {
            try builder.add("r\(index)", paths: ["/section\(index % 100)/item\(index)/{id}"])
        }
        let table = try builder.build()
        let match = try RouteTableTests.match(table, "https://example.com/section42/item99942/abc")
        #expect(match.route == "r99942")
        #expect(match["id"] == "abc")
    }
}
