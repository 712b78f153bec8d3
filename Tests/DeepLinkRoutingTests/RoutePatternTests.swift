import DeepLinkRouting
import Testing

@Suite("Route pattern parser")
struct RoutePatternTests {
    @Test("literal, typed, optional and catch-all segments parse into their kinds")
    func parsesEverySegmentKind() throws {
        let pattern = try RoutePattern(parsing: "/story/{storyId}/page/{pageId:uuid}")
        #expect(
            pattern.segments == [
                .literal("story"), .parameter(name: "storyId", type: nil), .literal("page"),
                .parameter(name: "pageId", type: "uuid"),
            ])
        #expect(try RoutePattern(parsing: "/open/clip/{clipId?}").segments.last == .optional(name: "clipId", type: nil))
        #expect(try RoutePattern(parsing: "/n/{n:int?}").segments.last == .optional(name: "n", type: "int"))
        #expect(try RoutePattern(parsing: "/files/{rest*}").segments.last == .catchAll(name: "rest"))
        #expect(pattern.parameterNames == ["storyId", "pageId"])
    }

    @Test("a trailing slash is insignificant and the root has no segments")
    func trailingSlashAndRoot() throws {
        #expect(try RoutePattern(parsing: "/story/{id}/").segments == RoutePattern(parsing: "/story/{id}").segments)
        #expect(try RoutePattern(parsing: "/").segments.isEmpty)
    }

    @Test("literals are stored percent-decoded")
    func literalsAreDecoded() throws {
        #expect(try RoutePattern(parsing: "/caf%C3%A9").segments == [.literal("café")])
    }

    @Test(
        "malformed patterns name the problem and its offset",
        arguments: [
            ("/story/{id", "pattern-unclosed-brace", "\"/story/{id\" has an unclosed \"{\" at offset 7"),
            ("story/{id}", "pattern-missing-leading-slash", "\"story/{id}\" must start with \"/\""),
            ("/story/id}", "pattern-unopened-brace", "\"/story/id}\" has a \"}\" without a matching \"{\" at offset 9"),
            ("/a/{b{c}}", "pattern-nested-brace", "\"/a/{b{c}}\" has a \"{\" inside a parameter at offset 5"),
            ("/a//b", "pattern-empty-segment", "\"/a//b\" has an empty segment (\"//\") at offset 3"),
            (
                "/story-{id}", "pattern-partial-segment",
                "\"/story-{id}\" mixes a parameter with other text in the segment at offset 1; a parameter must be a whole segment"
            ),
            ("/a/{}", "pattern-empty-parameter-name", "\"/a/{}\" has a parameter without a name at offset 4"),
            (
                "/a/{1x}", "pattern-invalid-parameter-name",
                "\"/a/{1x}\" has the invalid parameter name \"1x\" at offset 4; names are a letter or \"_\" followed by letters, digits or \"_\""
            ),
            (
                "/a/{x:}", "pattern-invalid-type-name",
                "\"/a/{x:}\" has the invalid type name \"\" at offset 6; expected a name such as int or uuid"
            ),
            (
                "/a/{x:int*}", "pattern-typed-catch-all",
                "\"/a/{x:int*}\" gives the catch-all \"x\" a type at offset 4; a catch-all captures any segments and takes no type"
            ),
            (
                "/a/{x?}/b", "pattern-optional-not-last",
                "\"/a/{x?}/b\" has a segment after an optional parameter at offset 7; an optional parameter must be the last segment"
            ),
            (
                "/a/{x*}/b", "pattern-catch-all-not-last",
                "\"/a/{x*}/b\" has a segment after a catch-all at offset 7; a catch-all must be the last segment"
            ),
            (
                "/a/{id}/b/{id}", "pattern-duplicate-parameter",
                "\"/a/{id}/b/{id}\" captures \"id\" twice (again at offset 10); parameter names must be unique in a pattern"
            ),
            (
                "/pay?order_id={id}", "pattern-query-in-path",
                "\"/pay?order_id={id}\" has a \"?\" at offset 4; a pattern is a path only, declare query items in the route's \"query\""
            ),
            (
                "/a%2", "pattern-invalid-percent-encoding",
                "\"/a%2\" has an invalid percent escape in the segment at offset 1; write \"%\" followed by two hexadecimal digits"
            ),
        ]
    )
    func rejectsMalformedPatterns(pattern: String, code: String, message: String) {
        #expect(throws: RoutePatternError.self) { try RoutePattern(parsing: pattern) }
        do {
            _ = try RoutePattern(parsing: pattern)
        } catch {
            #expect(error.code.description == code)
            #expect(error.message == message)
        }
    }

    @Test("custom-scheme patterns treat the host as the first segment and lowercase the scheme")
    func schemeLinkHostIsFirstSegment() throws {
        let pattern = try SchemeLinkPattern(parsing: "Example://open/{storyId}")
        #expect(pattern.scheme == "example")
        #expect(pattern.segments == [.literal("open"), .parameter(name: "storyId", type: nil)])
        #expect(
            try SchemeLinkPattern(parsing: "example://{roomId}").segments == [.parameter(name: "roomId", type: nil)])
    }

    @Test("custom-scheme patterns need a valid scheme")
    func schemeLinkNeedsScheme() {
        #expect(throws: RoutePatternError.missingScheme(pattern: "/open/{id}", offset: 0)) {
            try SchemeLinkPattern(parsing: "/open/{id}")
        }
        #expect(throws: RoutePatternError.invalidScheme("1x", pattern: "1x://open", offset: 0)) {
            try SchemeLinkPattern(parsing: "1x://open")
        }
    }

    @Test("a pattern built from segments writes the same text back")
    func segmentsRoundTrip() throws {
        let pattern = try RoutePattern(segments: [
            .literal("a b"), .parameter(name: "id", type: "int"), .catchAll(name: "rest"),
        ])
        #expect(pattern.text == "/a%20b/{id:int}/{rest*}")
    }
}
