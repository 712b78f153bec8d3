import DeepLinkRouting

/// Android's dynamic App Links pattern matching, as Google documents it: `?` matches exactly one
/// character, and `*` matches zero or more characters "up until the character after the wildcard
/// in the pattern is found in the matching string" — the first occurrence, with no backtracking
/// (so `?*` is one or more). A `*` at the end of the pattern takes the rest of the text.
///
/// This differs from iOS, whose `*` backtracks: `/a/*/c` matches `/a/b/x/c` on iOS, not on
/// Android (the `*` stops at the first `/`). Whatever Android matches, a backtracking glob
/// matches too, never the other way round. The tokens are ``WildcardPattern``'s; matching is
/// O(text + pattern).
package enum AndroidGlob {
    /// Whether `pattern` matches the whole of `text` the way Android does.
    package static func matches(_ pattern: String, _ text: String) -> Bool {
        matches(tokens: WildcardPattern.tokens(pattern), text: Array(text.unicodeScalars)[...])
    }

    /// Whether plain glob tokens (`*`, `?`, literals) match the whole of `text`, Android's way.
    static func matches(tokens: [WildcardPattern.Token], text: ArraySlice<Unicode.Scalar>) -> Bool {
        var t = 0
        var s = text.startIndex
        while t < tokens.count {
            switch tokens[t] {
            case .anyRun:
                t += 1
                guard t < tokens.count else { return true }
                // Skip to the first occurrence of the literal after the star; before `?` (or
                // anything that is not a literal) the star takes nothing.
                if case .literal(let next) = tokens[t] {
                    while s < text.endIndex, text[s] != next { s += 1 }
                    guard s < text.endIndex else { return false }
                }
            case .anyOne, .oneOf, .alternatives:
                guard s < text.endIndex else { return false }
                t += 1
                s += 1
            case .literal(let scalar):
                guard s < text.endIndex, text[s] == scalar else { return false }
                t += 1
                s += 1
            }
        }
        return s == text.endIndex
    }

    /// Whether a pattern's Android matches are exactly its backtracking matches: true when every
    /// `*` ends the pattern (or is followed only by other stars).
    static func agreesWithBacktracking(_ tokens: [WildcardPattern.Token]) -> Bool {
        guard let star = tokens.firstIndex(of: .anyRun) else { return true }
        return tokens[star...].allSatisfy { $0 == .anyRun }
    }
}
