import Foundation
import Testing

@testable import DeepLinkRouting

/// The shortcuts resolving and building take must give the answers of the general roads they
/// skip: `URL(string:)` for link text, the detailed pattern parser, string-based percent-decoding.
@Suite("Route table: quick paths agree with the general ones")
struct RouteTableQuickPathTests {
    /// A deterministic stream of numbers (SplitMix64), so every run tests the same inputs.
    struct Numbers {
        var state: UInt64

        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    static let baseLinks = [
        "https://example.com/story/42", "https://example.com/a/b%20c/d?x=1&y=%C3%A9#frag",
        "example://open/42", "https://Example.COM", "https://example.com?q", "http://share.example.com/s/x/",
        "https://example.com/.file/id=1", "https://example.com/a:b@c!$&'()*+,;=-._~/",
    ]

    /// Every base link with each printable ASCII character, a non-ASCII letter and broken escapes
    /// put at several places.
    static var candidateLinks: [String] {
        var links = baseLinks
        let insertions = (0x20...0x7E).map { String(UnicodeScalar(UInt8($0))) } + ["é", "%", "%2", "%zz", "%41", "//"]
        for base in baseLinks {
            let characters = Array(base)
            for position in Set([0, 4, 5, 7, 8, 12, 19, 20, 21, 25, characters.count])
            where position <= characters.count {
                for insertion in insertions {
                    links.append(String(characters[..<position]) + insertion + String(characters[position...]))
                }
            }
        }
        return links
    }

    @Test("link text matched as written is text URL(string:) takes as written")
    func verbatimTextParsesUnchanged() {
        var accepted = 0
        for link in Self.candidateLinks {
            guard link.withUTF8Buffer(VerbatimURLText.accepts) else { continue }
            accepted += 1
            #expect(URL(string: link)?.absoluteString == link, "\(link)")
        }
        // The check must take the ordinary links, or the test proves nothing.
        #expect(accepted > 1_000)
        for link in Self.baseLinks where !link.contains(".file") {
            #expect(link.withUTF8Buffer(VerbatimURLText.accepts), "\(link)")
        }
        for link in ["https://example.com/a b", "https://user@example.com/", "https://example.com:8080/", "mailto:x"] {
            #expect(!link.withUTF8Buffer(VerbatimURLText.accepts), "\(link)")
        }
    }

    @Test("resolving link text answers what resolving its URL answers, URL included")
    func textAndURLResolveAlike() throws {
        let table = try RouteTableTests.table(
            [
                ("story", ["/story/{id}", "/s/{id:int}/{rest*}"]), ("home", ["/"]), ("file", ["/{x}/{y?}"]),
                ("open", ["/a/{name}/{more*}"]),
            ],
            schemeLinks: ["story": ["example://open/{id}"]],
            query: ["home": [.init(name: "q", requirement: .optional)]],
            exclude: ["/private/*"])
        var compared = 0
        for link in Self.candidateLinks + ["https://example.com/private/x", "https://example.com/s/12/a/b"] {
            let expected = URL(string: link).map(table.resolve)
            let resolution = table.resolve(link)
            if let expected {
                #expect(resolution == expected, "\(link)")
                #expect(resolution.match?.url == expected.match?.url, "\(link)")
                #expect(
                    resolution.match?.orderedParameters.map(\.name) == expected.match?.orderedParameters.map(\.name))
                #expect(
                    resolution.match?.orderedParameters.map(\.value) == expected.match?.orderedParameters.map(\.value))
                if expected.match != nil { compared += 1 }
            } else {
                #expect(resolution.name == "invalid", "\(link)")
            }
        }
        #expect(compared > 100)
    }

    @Test("the quick pattern parser answers what the detailed one answers")
    func quickPatternParserAgrees() {
        let pieces = [
            "/", "a", "B", "_", "1", "{", "}", "?", "*", ":", "int", "%2F", "%", "é", "#", "x{", "{id}", "{id:int}",
        ]
        var numbers = Numbers(state: 7)
        var parsed = 0
        for _ in 0..<20_000 {
            var text = "/"
            for _ in 0..<(1 + numbers.next(8)) { text += pieces[numbers.next(pieces.count)] }
            let start = text.utf8.index(after: text.utf8.startIndex)
            let quick = Result { () throws(RoutePatternError) in try RoutePattern.parseSegments(text, from: start) }
            let detailed = Result { () throws(RoutePatternError) in
                try RoutePattern.parseSegmentsInDetail(text, from: start)
            }
            #expect(quick == detailed, "\(text)")
            if case .success = quick { parsed += 1 }
        }
        #expect(parsed > 1_000)
    }

    @Test("percent-decoding bytes answers what decoding their text answers, invalid UTF-8 included")
    func byteDecodingAgrees() {
        let pieces: [[UInt8]] = [
            Array("a".utf8), Array("%".utf8), Array("%4".utf8), Array("%41".utf8), Array("%C3".utf8), Array("%A9".utf8),
            Array("%ED%A0%80".utf8), Array("%F4%90%80%80".utf8), Array("%E0%80".utf8), Array("é".utf8), [0xC3], [0xA9],
            [0xFF], Array("%zz".utf8), Array("/".utf8),
        ]
        var numbers = Numbers(state: 11)
        for _ in 0..<20_000 {
            var bytes: [UInt8] = []
            for _ in 0..<(numbers.next(6)) { bytes += pieces[numbers.next(pieces.count)] }
            let expected = String(validating: bytes, as: UTF8.self).flatMap { PercentDecoding.decode($0) }
            bytes.withUnsafeBufferPointer { buffer in
                #expect(PercentDecoding.decode(buffer) == expected, "\(bytes)")
                #expect(PercentDecoding.decodes(buffer) == (expected != nil), "\(bytes)")
            }
        }
    }
}
