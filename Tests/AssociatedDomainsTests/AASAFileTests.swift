import AssociatedDomains
import DeepLinkRouting
import Foundation
import Testing

@Suite("AASA model: reading every shape and writing it back")
struct AASAFileTests {
    static let everyShape = """
        {
          "applinks": {
            "apps": [],
            "defaults": {"caseSensitive": false, "percentEncoded": true},
            "substitutionVariables": {"food": ["taco", "burrito"], "country": ["$(region)"]},
            "details": [
              {"appIDs": ["ABCDE12345.com.example.app", "ABCDE12345.com.example.beta"],
               "defaults": {"percentEncoded": false},
               "components": [
                 {"/": "/help/*", "exclude": true, "comment": "web only"},
                 {"/": "/$(food)/*", "?": {"ref": "?*", "src": "*"}, "#": "f*"},
                 {"/": "/q", "?": "a=1"},
                 {"/": "/bad", "?": {"n": 1}}
               ]},
              {"appID": "ABCDE12345.com.example.old", "paths": ["NOT /a/*", "/b/*"]}
            ]
          },
          "webcredentials": {"apps": ["ABCDE12345.com.example.app"]},
          "appclips": {"apps": ["ABCDE12345.com.example.app.Clip"]},
          "activitycontinuation": {"apps": ["ABCDE12345.com.example.app"]}
        }
        """

    @Test("every shape is read into the model")
    func readsEveryShape() throws {
        let decoded = AASAFile.decode(Array(Self.everyShape.utf8))
        let file = try #require(decoded.file)
        let applinks = try #require(file.applinks)
        #expect(applinks.apps == [])
        #expect(applinks.defaults?.caseSensitive == false)
        #expect(applinks.substitutionVariables.map(\.name) == ["food", "country"])
        #expect(applinks.details.count == 2)
        let modern = applinks.details[0]
        #expect(modern.appIDs == ["ABCDE12345.com.example.app", "ABCDE12345.com.example.beta"])
        #expect(modern.defaults?.percentEncoded == false)
        #expect(modern.components?.count == 4)
        #expect(
            modern.components?[1].query
                == .items([.init(name: "ref", pattern: "?*"), .init(name: "src", pattern: "*")]))
        #expect(modern.components?[1].fragment == "f*")
        #expect(modern.components?[2].query == .whole("a=1"))
        if case .ignoredDictionary = modern.components?[3].query {
        } else {
            Issue.record("a dictionary with a number must be kept as ignored")
        }
        #expect(applinks.details[1].appIDKey == .appID)
        #expect(applinks.details[1].paths == ["NOT /a/*", "/b/*"])
        #expect(file.webcredentials?.apps == ["ABCDE12345.com.example.app"])
        #expect(file.appclips?.apps == ["ABCDE12345.com.example.app.Clip"])
        #expect(file.activitycontinuation?.apps == ["ABCDE12345.com.example.app"])
        // The variable value that refers to a variable and the ignored dictionary are reported.
        #expect(Set(decoded.diagnostics.map(\.code)) == ["variable-references-variable", "query-value-not-string"])
    }

    @Test("writing back and reading again gives the same model, keys in order")
    func roundTrips() throws {
        let file = try #require(AASAFile.decode(Array(Self.everyShape.utf8)).file)
        let text = file.jsonText()
        let again = try #require(AASAFile.decode(Array(text.utf8)).file)
        #expect(again == file)
        #expect(text.range(of: "\"ref\"")!.lowerBound < text.range(of: "\"src\"")!.lowerBound)
        #expect(text.range(of: "\"taco\"")!.lowerBound < text.range(of: "\"burrito\"")!.lowerBound)
    }

    @Test("dictionary-shaped details keep their order and are written back as a dictionary")
    func dictionaryDetails() throws {
        let text =
            #"{"applinks": {"apps": [], "details": {"ZZZZZ99999.com.b": {"paths": ["/b"]}, "ABCDE12345.com.a": {"paths": ["/a"]}}}}"#
        let file = try #require(AASAFile.decode(Array(text.utf8)).file)
        #expect(file.applinks?.detailsShape == .dictionary)
        #expect(file.applinks?.details.map(\.appIDs) == [["ZZZZZ99999.com.b"], ["ABCDE12345.com.a"]])
        let written = file.jsonText(style: .compact)
        #expect(written.contains(#""details":{"ZZZZZ99999.com.b":{"paths":["/b"]}"#))
    }

    @Test("one broken entry never hides the rest")
    func lenient() throws {
        let text = """
            {"applinks": {"details": [
              42,
              {"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": 5}, "oops", {"/": "/ok"}]},
              {"components": [{"/": "/orphan"}]}
            ]}}
            """
        let decoded = AASAFile.decode(Array(text.utf8))
        let details = try #require(decoded.file?.applinks?.details)
        #expect(details.count == 2)
        #expect(details[0].components?.map(\.path) == [nil, "/ok"])
        let compiled = CompiledAASA(try #require(decoded.file), domain: "example.com")
        #expect(compiled.decide(appID: "ABCDE12345.com.example.app", url: "https://example.com/ok") == .match)
        #expect(decoded.diagnostics.map(\.code).contains("component-key-wrong-type"))
        #expect(decoded.diagnostics.map(\.code).contains("detail-missing-app-id"))
    }

    @Test(
        "hostile input is a diagnostic, never a crash",
        arguments: [
            "random bytes", "deep nesting", "deep objects", "not an object", "empty", "truncated", "invalid UTF-8",
        ])
    func hostileInput(kind: String) {
        let bytes: [UInt8]
        switch kind {
        case "random bytes":
            // A fixed linear congruential sequence: arbitrary, and the same on every run.
            var state: UInt32 = 0x2545_F491
            bytes = (0..<65_536).map { _ in
                state = state &* 1_664_525 &+ 1_013_904_223
                return UInt8(truncatingIfNeeded: state >> 24)
            }
        case "deep nesting":
            bytes = Array((String(repeating: "[", count: 1_000) + String(repeating: "]", count: 1_000)).utf8)
        case "deep objects":
            bytes = Array(
                (String(repeating: #"{"applinks":"#, count: 1_000) + "1" + String(repeating: "}", count: 1_000)).utf8)
        case "not an object": bytes = Array("[1, 2, 3]".utf8)
        case "empty": bytes = []
        case "truncated": bytes = Array(#"{"applinks": {"details": [{"appIDs": ["#.utf8)
        default: bytes = [0x7B, 0x22, 0xFF, 0xFE, 0x22, 0x3A, 0x31, 0x7D]
        }
        let decoded = AASAFile.decode(bytes)
        #expect(decoded.diagnostics.containsErrors)
        #expect(AASAValidator.validate(bytes).containsErrors)
    }

    @Test("a 10 MB file is read, reported as too large, and still decided")
    func tenMegabytes() throws {
        var components: [String] = []
        var size = 0
        var index = 0
        while size < 10_000_000 {
            let component = #"{"/": "/section\#(index)/*", "?": {"id": "?*"}, "comment": "padding padding padding"}"#
            components.append(component)
            size += component.utf8.count + 1
            index += 1
        }
        let text =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["#
            + components.joined(separator: ",") + "]}]}}"
        let diagnostics = AASAValidator.validate(Array(text.utf8))
        #expect(diagnostics.map(\.code).contains("file-too-large"))
        let compiled = try CompiledAASA(json: Array(text.utf8), domain: "example.com")
        #expect(
            compiled.decide(appID: "ABCDE12345.com.example.app", url: "https://example.com/section\(index - 1)/x?id=1")
                == .match)
    }

    @Test("a 5,000-star pattern against a long path decides without exponential time")
    func manyStars() throws {
        let pattern = String(repeating: "*a", count: 5_000) + "b"
        let text =
            #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/\#(pattern)"}]}]}}"#
        let compiled = try CompiledAASA(json: Array(text.utf8), domain: "example.com")
        let url = "https://example.com/" + String(repeating: "a", count: 5_000)
        #expect(compiled.decide(appID: "ABCDE12345.com.example.app", url: url) == .noMatch)
    }

    @Test("a star pattern with alternatives also stays polynomial")
    func manyStarsWithVariables() throws {
        let pattern = String(repeating: "*$(v)", count: 300) + "b"
        let text =
            #"{"applinks": {"substitutionVariables": {"v": ["a", "aa"]}, "details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": [{"/": "/\#(pattern)"}]}]}}"#
        let compiled = try CompiledAASA(json: Array(text.utf8), domain: "example.com")
        let url = "https://example.com/" + String(repeating: "a", count: 2_000)
        #expect(compiled.decide(appID: "ABCDE12345.com.example.app", url: url) == .noMatch)
    }
}
