import Foundation
import TestSupport
import Testing

@testable import AssociatedDomains

/// A small reproducible generator, so a failing case can be replayed from its seed.
private typealias Generator = SplitMix64

/// Random association files and URLs built from a small alphabet, so that rules and URLs collide
/// often: literal first segments shared by several rules, wildcards, `?`, variables and escapes
/// in the first segment, flags that fold case or decode escapes, excludes, legacy paths,
/// defaults, query dictionaries and whole-query patterns, fragments, several details per app.
private struct RandomAASA {
    var generator: Generator

    /// Path segments of patterns: literals (some in upper case, some escaped), wildcards,
    /// single-character runs, built-in and declared variables.
    static let patternSegments = [
        "a", "b", "A", "ab", "s1", "S1", "%61", "%2F", "é", "*", "?", "a*", "*b", "??", "$(digit)", "$(alpha)*",
        "$(v)", "x?y", "",
    ]
    /// Path segments of URLs: what the patterns above can and cannot match.
    static let urlSegments = [
        "a", "b", "A", "B", "ab", "AB", "s1", "S1", "%61", "%41", "%2F", "%2f", "%", "%zz", "é", "%C3%A9", "7", "xzy",
        "x", "v1", "v2", "", "ba",
    ]
    static let queryValues = ["1", "a", "A", "", "%61", "x y"]

    mutating func pick<T>(_ values: [T]) -> T { values[Int(generator.next() % UInt64(values.count))] }
    mutating func chance(_ percent: UInt64) -> Bool { generator.next() % 100 < percent }

    mutating func pathPattern() -> String {
        let count = 1 + Int(generator.next() % 3)
        var text = (0..<count).map { _ in pick(Self.patternSegments) }.joined(separator: "/")
        if chance(70) { text = "/" + text }
        if chance(30) { text += "/*" }
        if chance(10) { text += "/" }
        return text
    }

    mutating func jsonString(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    mutating func component() -> String {
        var members: [String] = []
        if chance(85) { members.append("\"/\": " + jsonString(pathPattern())) }
        if chance(30) {
            if chance(70) {
                let names = ["q", "Q", "r"]
                let items = (0..<(1 + Int(generator.next() % 2))).map { _ in
                    jsonString(pick(names)) + ": " + jsonString(pick(["?*", "*", "1", "a", "", "$(digit)", "A?"]))
                }
                members.append("\"?\": {" + items.joined(separator: ", ") + "}")
            } else {
                members.append("\"?\": " + jsonString(pick(["q=1", "q=*", "*", "?*", "Q=A*"])))
            }
        }
        if chance(25) { members.append("\"#\": " + jsonString(pick(["f", "F*", "*", "?", "f?"]))) }
        if chance(25) { members.append("\"exclude\": true") }
        if chance(25) { members.append("\"caseSensitive\": \(chance(50))") }
        if chance(25) { members.append("\"percentEncoded\": \(chance(50))") }
        return "{" + members.joined(separator: ", ") + "}"
    }

    mutating func detail(appIDs: [String]) -> String {
        let apps = "\"appIDs\": [" + appIDs.map { jsonString($0) }.joined(separator: ", ") + "]"
        if chance(15) {
            let paths = (0..<Int(generator.next() % 6)).map { _ in
                jsonString((chance(25) ? "NOT " : "") + pathPattern())
            }
            return "{" + apps + ", \"paths\": [" + paths.joined(separator: ", ") + "]}"
        }
        var text = "{" + apps
        if chance(15) { text += ", \"defaults\": {\"caseSensitive\": false}" }
        let count = Int(generator.next() % 40)
        text += ", \"components\": [" + (0..<count).map { _ in component() }.joined(separator: ", ") + "]}"
        return text
    }

    mutating func file() -> String {
        let details = (0..<(1 + Int(generator.next() % 3))).map { _ in
            detail(appIDs: chance(70) ? [RuleIndexTests.app] : [RuleIndexTests.app, RuleIndexTests.otherApp])
        }
        var applinks = "\"details\": [" + details.joined(separator: ", ") + "]"
        if chance(50) { applinks += ", \"substitutionVariables\": {\"v\": [\"v1\", \"A\"]}" }
        if chance(20) { applinks += ", \"defaults\": {\"percentEncoded\": false}" }
        return "{\"applinks\": {" + applinks + "}}"
    }

    mutating func url() -> String {
        var text = pick(["https://example.com", "https://EXAMPLE.com", "http://example.com:8080", "https://other.com"])
        let count = Int(generator.next() % 4)
        for _ in 0..<count { text += "/" + pick(Self.urlSegments) }
        if chance(20) { text += "/" }
        if chance(10) { text = text.replacingOccurrences(of: ".com/", with: ".com//") }
        if chance(35) {
            let items = (0..<(1 + Int(generator.next() % 3))).map { _ in
                pick(["q", "Q", "r", "q%3D"]) + (chance(80) ? "=" + pick(Self.queryValues) : "")
            }
            text += "?" + items.joined(separator: "&")
        }
        if chance(25) { text += "#" + pick(["f", "F", "fx", "", "%66"]) }
        return text
    }
}

@Suite("AASA matcher: the rule index decides as the plain walk over every rule")
struct RuleIndexTests {
    static let app = "ABCDE12345.com.example.app"
    static let otherApp = "VWXYZ98765.com.example.other"

    @Test(
        "decide agrees with the linear walk and with explain on 400 random files of up to 120 rules", arguments: 0..<4)
    func indexedAgreesWithLinearWalk(batch: UInt64) throws {
        var random = RandomAASA(generator: Generator(seed: 0x5EED + batch))
        var decided: [AASADecision: Int] = [:]
        for _ in 0..<100 {
            let text = random.file()
            let compiled = try CompiledAASA(json: Array(text.utf8), domain: "example.com")
            for _ in 0..<60 {
                let url = random.url()
                for appID in [Self.app, Self.otherApp] {
                    let indexed = compiled.decide(appID: appID, url: url)
                    let linear = compiled.decideWalkingEveryRule(appID: appID, url: url)
                    #expect(indexed == linear, "\(url) for \(appID) in \(text)")
                    #expect(compiled.explain(appID: appID, url: url).decision == indexed, "\(url) in \(text)")
                    decided[indexed, default: 0] += 1
                }
            }
        }
        // The generated cases exercise every outcome, not only misses.
        #expect(decided[.match, default: 0] > 200)
        #expect(decided[.exclude, default: 0] > 50)
        #expect(decided[.noMatch, default: 0] > 200)
    }

    @Test("a rule whose path starts with a wildcard keeps its place between indexed rules")
    func wildcardRuleKeepsItsPlace() throws {
        let text = ##"""
            {"applinks": {"details": [{"appIDs": ["\##(Self.app)"], "components": [
                {"/": "/a/1"}, {"/": "*/2", "exclude": true}, {"/": "/a/*"},
                {"/": "/B/*", "caseSensitive": false, "exclude": true}, {"/": "/?/3"}, {"/": "/b/*"}
            ]}]}}
            """##
        let compiled = try CompiledAASA(json: Array(text.utf8), domain: "example.com")
        #expect(compiled.decide(appID: Self.app, url: "https://example.com/a/1") == .match)
        #expect(compiled.decide(appID: Self.app, url: "https://example.com/a/2") == .exclude)
        #expect(compiled.decide(appID: Self.app, url: "https://example.com/a/3") == .match)
        #expect(compiled.decide(appID: Self.app, url: "https://example.com/b/3") == .exclude)
        #expect(compiled.decide(appID: Self.app, url: "https://example.com/c/3") == .match)
        #expect(compiled.decide(appID: Self.app, url: "https://example.com/c/4") == .noMatch)
    }
}
