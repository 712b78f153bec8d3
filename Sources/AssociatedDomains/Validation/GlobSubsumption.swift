import DeepLinkRouting

/// Conservative containment of `*`/`?` globs: `covers(a, b)` is true only when every text `b`
/// matches is certainly matched by `a`.
///
/// `a` is matched against `b`'s tokens as if they were text, where a `*` of `a` may absorb any run
/// of `b`'s tokens (stars included), a `?` of `a` absorbs one `?` or one literal of `b`, and a
/// literal of `a` absorbs only the same literal. That is sound, and exact for the patterns people
/// write; anything with substitution variables is left alone (never reported). O(|a| × |b|).
enum GlobSubsumption {
    static func covers(_ a: [WildcardPattern.Token], _ b: [WildcardPattern.Token]) -> Bool {
        guard !a.contains(where: isVariable), !b.contains(where: isVariable) else { return false }
        // reach[j]: a's prefix so far can absorb b's first j tokens. Two rows, swapped per token
        // of a: no allocation in the loop.
        var reach = [Bool](repeating: false, count: b.count + 1)
        var next = reach
        reach[0] = true
        for token in a {
            for j in next.indices { next[j] = false }
            switch token {
            case .anyRun:
                // Nothing reached: no longer prefix of a can reach anything either.
                guard let first = reach.firstIndex(of: true) else { return false }
                for j in first...b.count { next[j] = true }
            case .anyOne:
                for j in 0..<b.count where reach[j] {
                    if case .anyRun = b[j] { continue }
                    next[j + 1] = true
                }
            case .literal(let scalar):
                for j in 0..<b.count where reach[j] && b[j] == .literal(scalar) { next[j + 1] = true }
            case .oneOf, .alternatives:
                return false
            }
            swap(&reach, &next)
        }
        return reach[b.count]
    }

    /// Whether path pattern `a` covers path pattern `b` under ``PathPattern``'s rules (including
    /// `/x/*` matching `/x`): every normalized form `b` accepts is accepted by one form of `a`.
    static func coversPath(_ a: String, _ b: String) -> Bool {
        coversPath(PathForms(a), PathForms(b))
    }

    /// A path pattern's normalized globs (the pattern and, for `/x/*`, its parent), made once
    /// per rule so that comparing many pairs does not re-parse them.
    struct PathForms {
        let text: String
        let forms: [[WildcardPattern.Token]]

        init(_ text: String) {
            self.text = text
            let globs = PathPattern(text).globs
            forms = [globs.pattern.tokens] + (globs.parent.map { [$0.tokens] } ?? [])
        }
    }

    static func coversPath(_ a: PathForms, _ b: PathForms) -> Bool {
        if let decided = decideWithVariables(a.text, b.text, anything: ["*", "/*"]) { return decided }
        return b.forms.allSatisfy { form in a.forms.contains { covers($0, form) } }
    }

    /// Whether text pattern `a` covers text pattern `b`.
    static func coversText(_ a: String, _ b: String) -> Bool {
        if let decided = decideWithVariables(a, b, anything: ["*"]) { return decided }
        return covers(WildcardPattern(a).tokens, WildcardPattern(b).tokens)
    }

    /// Patterns with `$(…)` are only compared when they are equal or `a` matches anything.
    private static func decideWithVariables(_ a: String, _ b: String, anything: Set<String>) -> Bool? {
        guard a.contains("$(") || b.contains("$(") else { return nil }
        return a == b || anything.contains(a)
    }

    private static func isVariable(_ token: WildcardPattern.Token) -> Bool {
        switch token {
        case .oneOf, .alternatives: true
        default: false
        }
    }
}
