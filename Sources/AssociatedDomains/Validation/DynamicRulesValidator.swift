import DeepLinkRouting

/// The rule-level checks of Android 15 dynamic App Links rules (the shape is checked while
/// reading, by ``AssetLinks/decode(_:)``).
///
/// - `path-not-absolute` (warning): a `/` pattern that cannot start with `/` never matches, since
///   Android compares the whole path.
/// - `substitution-variable-unsupported` (warning): `$(…)` is AASA syntax; Android reads it as
///   literal text.
/// - `rule-matches-nothing` (warning): a rule without `/`, `#` or a `"?"` entry; Android builds a
///   filter group without filters from it, which never matches (`UriRelativeFilterGroup.matchData`).
/// - `unreachable-rule` (warning): an earlier rule matches every URL this one matches (for
///   instance after a catch-all), so it never decides.
/// - `exclude-excludes-nothing` (warning): no later matching rule could match a URL this exclude
///   rule matches; on Android a URL no rule matches stays on the web anyway. Exclusions after the
///   last matching rule are not reported: they make `exclude` explicit where nothing else would
///   decide (generated files end so when a route already covers every short link).
///
/// Coverage and overlap are conservative glob comparisons (``GlobSubsumption``) that account for
/// Android's non-backtracking `*` (``AndroidGlob``), so a finding is certain; the checks are O(rules² × pattern length²) and capped at 100,000 rule pairs.
enum DynamicRulesValidator {
    static let maximumPairs = 100_000

    static func check(_ rules: [AssetLinks.DynamicRule], at path: JSONPath, collector: inout DiagnosticCollector) {
        for (index, rule) in rules.enumerated() {
            let rulePath = path.appending(index)
            if let pattern = rule.path, let first = pattern.unicodeScalars.first, !"/*?".unicodeScalars.contains(first)
            {
                collector.warning(
                    "path-not-absolute", rulePath.appending("/"),
                    "\"\(pattern)\" does not start with \"/\", and Android compares it with the whole path, which always does; the rule never matches",
                    hint: "write \"/\(pattern)\"")
            }
            let texts = [rule.path, rule.fragment].compactMap { $0 } + (rule.query ?? []).map(\.pattern)
            if texts.contains(where: { $0.contains("$(") }) {
                collector.warning(
                    "substitution-variable-unsupported", rulePath,
                    "\"$(…)\" is AASA substitution syntax; Android reads it as literal text",
                    hint: "spell the values out as separate rules, or use * and ?")
            }
        }
        var pairs = 0
        for (index, rule) in rules.enumerated() {
            if isEmpty(rule) {
                collector.warning(
                    "rule-matches-nothing", path.appending(index),
                    "rule \(index) has no \"/\", \"#\" or \"?\" item, and Android never matches a rule without one (it is not a catch-all)",
                    hint: "write {\"/\": \"*\"} for every URL, or remove the rule")
                continue
            }
            if let earlier = rules[..<index].firstIndex(where: { covers($0, rule) }) {
                collector.warning(
                    "unreachable-rule", path.appending(index),
                    "rule \(index) (\(rule.summary)) never decides: rule \(earlier) (\(rules[earlier].summary)) matches every URL it matches",
                    hint: "move it before rule \(earlier), or remove it")
                continue
            }
            pairs += index
            if pairs > maximumPairs { break }
            let later = rules[(index + 1)...].filter { !$0.excludes }
            if rule.excludes && !later.isEmpty && !later.contains(where: { mayOverlap(rule, $0) }) {
                collector.warning(
                    "exclude-excludes-nothing", path.appending(index),
                    "rule \(index) (\(rule.summary)) excludes URLs no later rule would open; on Android a URL that matches no rule stays on the web anyway",
                    hint: "remove it, or move it before the rule it is meant to narrow")
            }
        }
    }

    /// Whether the rule has no filter, so Android never matches it.
    static func isEmpty(_ rule: AssetLinks.DynamicRule) -> Bool {
        rule.path == nil && rule.fragment == nil && (rule.query ?? []).isEmpty
    }

    /// Whether every URL `b` matches is certainly matched by `a`. Only patterns of `a` whose
    /// Android matches are its backtracking glob's are compared
    /// (``AndroidGlob/agreesWithBacktracking(_:)``); `b`'s are read with `.` as `?`, a
    /// backtracking glob that matches at least what Android matches with `b`. A query item
    /// compares its whole `name=value` text, as Android does.
    static func covers(_ a: AssetLinks.DynamicRule, _ b: AssetLinks.DynamicRule) -> Bool {
        guard !isEmpty(a) else { return false }
        let patterns = [a.path, a.fragment].compactMap { $0 } + (a.query ?? []).map { $0.name + "=" + $0.pattern }
        guard patterns.allSatisfy(AndroidGlob.agreesWithBacktracking) else { return false }
        guard coversText(a.path, b.path) else { return false }
        // An absent fragment fails a `#` filter, so `b` must have one too.
        if let fragment = a.fragment {
            guard let other = b.fragment, coversText(fragment, other) else { return false }
        }
        for item in a.query ?? [] {
            // `b` must require the item with a value `a` accepts.
            guard let other = (b.query ?? []).first(where: { $0.name == item.name }),
                coversText(item.name + "=" + item.pattern, other.name + "=" + other.pattern)
            else { return false }
        }
        return true
    }

    /// `nil` is "any text".
    private static func coversText(_ a: String?, _ b: String?) -> Bool {
        guard let a else { return true }
        let tokens = WildcardPattern.tokens(a)
        guard let b else { return tokens == [.anyRun] }
        return GlobSubsumption.covers(tokens, superset(b))
    }

    /// A backtracking glob that matches whatever Android matches with `pattern`: `.` is any one
    /// character there.
    private static func superset(_ pattern: String) -> [WildcardPattern.Token] {
        WildcardPattern.tokens(String(String.UnicodeScalarView(pattern.unicodeScalars.map { $0 == "." ? "?" : $0 })))
    }

    /// Whether some URL may match both rules (their paths and fragments have a common text as
    /// backtracking globs, which match at least what Android matches; the query is not compared,
    /// which keeps the answer on the safe side). A rule without filters matches nothing.
    static func mayOverlap(_ a: AssetLinks.DynamicRule, _ b: AssetLinks.DynamicRule) -> Bool {
        guard !isEmpty(a), !isEmpty(b) else { return false }
        func overlap(_ x: String?, _ y: String?) -> Bool {
            guard let x, let y else { return true }
            return intersects(superset(x)[...], superset(y)[...])
        }
        return overlap(a.path, b.path) && overlap(a.fragment, b.fragment)
    }

    /// Whether two plain globs (`*`, `?`, literals) match a common text: the reachable pairs of
    /// positions, grown to a fixed point (a star may match nothing, or one more character).
    static func intersects(_ a: ArraySlice<WildcardPattern.Token>, _ b: ArraySlice<WildcardPattern.Token>) -> Bool {
        let a = Array(a)
        let b = Array(b)
        // reach[i][j]: some text takes `a` to position i and `b` to position j.
        var reach = [[Bool]](repeating: [Bool](repeating: false, count: b.count + 1), count: a.count + 1)
        reach[0][0] = true
        var changed = true
        while changed {
            changed = false
            for i in 0...a.count {
                for j in 0...b.count where reach[i][j] {
                    var targets: [(Int, Int)] = []
                    if i < a.count, a[i] == .anyRun { targets.append((i + 1, j)) }
                    if j < b.count, b[j] == .anyRun { targets.append((i, j + 1)) }
                    // One character: each side stays on a star or steps over a one-character token.
                    let aMoves = moves(a, i)
                    let bMoves = moves(b, j)
                    for (nextI, charA) in aMoves {
                        for (nextJ, charB) in bMoves where compatible(charA, charB) {
                            targets.append((nextI, nextJ))
                        }
                    }
                    for (x, y) in targets where !reach[x][y] {
                        reach[x][y] = true
                        changed = true
                    }
                }
            }
        }
        return reach[a.count][b.count]
    }

    /// The ways a glob at position `i` consumes one character: staying on a star (`nil`: any
    /// character) or stepping over `?` (`nil`) or a literal.
    private static func moves(_ tokens: [WildcardPattern.Token], _ i: Int) -> [(Int, Unicode.Scalar?)] {
        guard i < tokens.count else { return [] }
        switch tokens[i] {
        case .anyRun: return [(i, nil)]
        case .anyOne: return [(i + 1, nil)]
        case .literal(let scalar): return [(i + 1, scalar)]
        case .oneOf, .alternatives: return [(i + 1, nil)]
        }
    }

    private static func compatible(_ a: Unicode.Scalar?, _ b: Unicode.Scalar?) -> Bool {
        guard let a, let b else { return true }
        return a == b
    }
}
