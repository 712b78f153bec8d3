/// A glob over text where `*` is any run of characters (possibly empty) and `?` exactly one
/// character; everything else is literal and there is no escape syntax — the pattern language of
/// AASA files and of the manifest's `exclude` list.
///
/// Matching is on Unicode scalars and takes O(text × pattern) time at worst, never exponential
/// time: a pattern like `*a*a*a*…b` is matched by remembering only the last `*`, because a later
/// `*` can absorb anything an earlier one could. Patterns built from tokens may also hold
/// character classes and alternatives (AASA substitution variables such as `$(digit)` or
/// `$(region)`); those with alternatives are matched by tracking the set of reachable text
/// positions token by token, which is still O(text × pattern).
package struct WildcardPattern: Sendable, Hashable, CustomStringConvertible {
    /// One piece of a compiled pattern.
    package enum Token: Sendable, Hashable {
        case literal(Unicode.Scalar)
        /// `?`
        case anyOne
        /// `*` (consecutive stars are one token)
        case anyRun
        /// Exactly one character of an ASCII class.
        case oneOf(ScalarClass)
        /// Any one of several token sequences (each may hold `*` and `?`, not alternatives).
        case alternatives([[Token]])
    }

    /// The one-character classes of AASA's built-in substitution variables.
    package enum ScalarClass: String, Sendable, Hashable, CaseIterable {
        case alpha, upper, lower, alnum, digit, xdigit

        package func contains(_ scalar: Unicode.Scalar) -> Bool {
            let value = scalar.value
            switch self {
            case .upper: return (65...90).contains(value)
            case .lower: return (97...122).contains(value)
            case .digit: return (48...57).contains(value)
            case .alpha: return (65...90).contains(value) || (97...122).contains(value)
            case .alnum: return (65...90).contains(value) || (97...122).contains(value) || (48...57).contains(value)
            case .xdigit: return (48...57).contains(value) || (65...70).contains(value) || (97...102).contains(value)
            }
        }
    }

    /// The pattern as written.
    package let text: String
    package let tokens: [Token]
    /// Whether a token is `.alternatives`, which needs the position-set walk.
    private let hasAlternatives: Bool

    package init(_ text: String) {
        self.init(tokens: WildcardPattern.tokens(text), text: text)
    }

    /// A pattern from compiled tokens; `text` is what descriptions and messages show.
    package init(tokens: [Token], text: String) {
        self.text = text
        self.tokens = tokens
        self.hasAlternatives = tokens.contains { if case .alternatives = $0 { true } else { false } }
    }

    /// The tokens of a plain glob: `*` (runs collapse), `?`, and literal scalars.
    package static func tokens(_ text: some StringProtocol) -> [Token] {
        tokens(String(text))
    }

    /// The tokens of a plain glob written as a `String` (the common case, without the generic
    /// walk of any `StringProtocol`).
    package static func tokens(_ text: String) -> [Token] {
        var tokens: [Token] = []
        tokens.reserveCapacity(text.utf8.count)
        var afterRun = false
        for scalar in text.unicodeScalars {
            switch scalar {
            case "*":
                if !afterRun { tokens.append(.anyRun) }
                afterRun = true
                continue
            case "?": tokens.append(.anyOne)
            default: tokens.append(.literal(scalar))
            }
            afterRun = false
        }
        return tokens
    }

    /// Whether the pattern matches the whole of `text`.
    package func matches(_ text: String) -> Bool {
        matches(scalars: Array(text.unicodeScalars)[...])
    }

    /// Whether the pattern matches the whole of `scalars` (for callers that split a text once and
    /// test it against many patterns).
    package func matches(scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        if hasAlternatives {
            return WildcardPattern.reachesEnd(tokens: tokens[...], text: scalars)
        }
        return WildcardPattern.matches(tokens: tokens[...], text: scalars)
    }

    /// Whether `tokens` (without alternatives) match the whole of `text`: the classic two-pointer
    /// walk with backtracking to the most recent `*` only.
    package static func matches(tokens: ArraySlice<Token>, text: ArraySlice<Unicode.Scalar>) -> Bool {
        var t = tokens.startIndex
        var s = text.startIndex
        var starToken: Int? = nil
        var starText = text.startIndex
        while s < text.endIndex {
            if t < tokens.endIndex {
                switch tokens[t] {
                case .anyRun:
                    starToken = t
                    starText = s
                    t += 1
                    continue
                case .anyOne:
                    t += 1
                    s += 1
                    continue
                case .literal(let scalar) where scalar == text[s]:
                    t += 1
                    s += 1
                    continue
                case .oneOf(let set) where set.contains(text[s]):
                    t += 1
                    s += 1
                    continue
                case .alternatives:
                    return reachesEnd(tokens: tokens, text: text)
                case .literal, .oneOf:
                    break
                }
            }
            guard let star = starToken else { return false }
            t = star + 1
            starText += 1
            s = starText
        }
        while t < tokens.endIndex, tokens[t] == .anyRun { t += 1 }
        if t < tokens.endIndex, case .alternatives = tokens[t] {
            return reachesEnd(tokens: tokens, text: text)
        }
        return t == tokens.endIndex
    }

    /// The general walk: the set of text offsets reachable after each token.
    static func reachesEnd(tokens: ArraySlice<Token>, text: ArraySlice<Unicode.Scalar>) -> Bool {
        var start = [Bool](repeating: false, count: text.count + 1)
        start[0] = true
        return reachable(tokens: tokens, text: text, from: start)[text.count]
    }

    private static func reachable(tokens: ArraySlice<Token>, text: ArraySlice<Unicode.Scalar>, from start: [Bool])
        -> [Bool]
    {
        var current = start
        let count = text.count
        let base = text.startIndex
        for token in tokens {
            var next = [Bool](repeating: false, count: count + 1)
            var any = false
            switch token {
            case .anyRun:
                if let first = current.firstIndex(of: true) {
                    for offset in first...count { next[offset] = true }
                    any = true
                }
            case .anyOne, .literal, .oneOf:
                for offset in 0..<count where current[offset] {
                    let scalar = text[base + offset]
                    let ok: Bool
                    switch token {
                    case .literal(let literal): ok = literal == scalar
                    case .oneOf(let set): ok = set.contains(scalar)
                    default: ok = true
                    }
                    if ok {
                        next[offset + 1] = true
                        any = true
                    }
                }
            case .alternatives(let choices):
                for choice in choices {
                    // Fixed strings (region and language codes) are compared in place.
                    if choice.allSatisfy({ if case .literal = $0 { true } else { false } }) {
                        let length = choice.count
                        for offset in 0...count where current[offset] && offset + length <= count {
                            var equal = true
                            for (index, token) in choice.enumerated()
                            where token != .literal(text[base + offset + index]) {
                                equal = false
                                break
                            }
                            if equal {
                                next[offset + length] = true
                                any = true
                            }
                        }
                        continue
                    }
                    let reached = reachable(tokens: choice[...], text: text, from: current)
                    for offset in 0...count where reached[offset] {
                        next[offset] = true
                        any = true
                    }
                }
            }
            guard any else { return next }
            current = next
        }
        return current
    }

    package var description: String { text }
}
