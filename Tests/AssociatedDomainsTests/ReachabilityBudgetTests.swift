import DeepLinkRouting
import Testing

@testable import AssociatedDomains

/// Comparing two rules for reachability costs the product of their patterns' lengths, so the
/// check's bound is in comparison steps as well as in rule pairs: a file of long, star-laden rules
/// (what a hostile domain can serve to `wayfinder check`) must not take seconds.
@Suite("AASA validator: the reachability check's work is bounded in steps, not only in pairs")
struct ReachabilityBudgetTests {
    /// `/x`, `count` rules of `length` glob characters, then `/x` again: the last rule is
    /// unreachable, and only a check that compares it with the first rule finds that.
    static func file(longRules count: Int, length: Int) throws -> AASAFile {
        let stars = String(repeating: "?*", count: length / 2)
        let text = Self.text(between: (0..<count).map { #"{"/": "/\#(stars)-\#($0)-"}"# })
        return try #require(AASAFile.decode(Array(text.utf8)).file)
    }

    /// One detail whose components are `/x`, `rules`, then `/x` again.
    static func text(between rules: [String]) -> String {
        let components = [#"{"/": "/x"}"#] + rules + [#"{"/": "/x"}"#]
        return #"{"applinks": {"details": [{"appIDs": ["ABCDE12345.com.example.app"], "components": ["#
            + components.joined(separator: ", ") + "]}]}}"
    }

    static func unreachable(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.filter { $0.code == "unreachable-rule" }.map(\.path.description)
    }

    @Test("with steps to spare every pair is compared: the repeated rule is found")
    func enoughSteps() throws {
        let file = try Self.file(longRules: 20, length: 300)
        let diagnostics = AASAValidator.ruleDiagnostics(file, maximumComparisonSteps: .max)
        #expect(Self.unreachable(diagnostics).contains("applinks.details[0].components[21]"))
    }

    @Test("long rules use up the steps long before the pairs: the check stops, and says nothing it did not check")
    func stepsRunOut() throws {
        let file = try Self.file(longRules: 20, length: 300)
        // 231 pairs, far under maximumRulePairs; about 400 × 300 × 300 steps, far over a million.
        let diagnostics = AASAValidator.ruleDiagnostics(file, maximumComparisonSteps: 1_000_000)
        #expect(!Self.unreachable(diagnostics).contains("applinks.details[0].components[21]"))
    }

    @Test("short rules stay within the default bound: the repeated rule is found among 300")
    func ordinaryFiles() throws {
        let text = Self.text(between: (0..<300).map { #"{"/": "/story/\#($0)/?*"}"# })
        let diagnostics = AASAValidator.validate(Array(text.utf8))
        #expect(Self.unreachable(diagnostics) == ["applinks.details[0].components[301]"])
    }

    @Test("the size of a rule bounds the steps of comparing it: path forms, fragment and query")
    func ruleSize() {
        let rule = AASARule(index: 0, path: "/a/*", query: .whole("q=?"), fragment: "top")
        // "/a/*" has two forms: the pattern (4 tokens) and its parent "/a" (2 tokens).
        let size = AASAValidator.comparisonSize(rule, GlobSubsumption.PathForms("/a/*"))
        #expect(size == 1 + (4 + 1) + (2 + 1) + 3 + 3)
    }
}
