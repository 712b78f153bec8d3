/// A glob over text where `*` is any run of characters (possibly empty) and `?` exactly one
/// character; everything else is literal and there is no escape syntax — the pattern language of
/// AASA files and of the manifest's `exclude` list.
///
/// Matching is on Unicode scalars and takes O(text × pattern) time at worst, never exponential
/// time: a pattern like `*a*a*a*…b` is matched by remembering only the last `*`, because a later
/// `*` can absorb anything an earlier one could.
public struct WildcardPattern: Sendable, Hashable, CustomStringConvertible {
    /// One piece of a compiled pattern.
    public enum Token: Sendable, Hashable {
        case literal(Unicode.Scalar)
        /// `?`
        case anyOne
        /// `*` (consecutive stars are one token)
        case anyRun
    }

    /// The pattern as written.
    public let text: String
    public let tokens: [Token]

    public init(_ text: String) {
        self.text = text
        var tokens: [Token] = []
        for scalar in text.unicodeScalars {
            switch scalar {
            case "*": if tokens.last != .anyRun { tokens.append(.anyRun) }
            case "?": tokens.append(.anyOne)
            default: tokens.append(.literal(scalar))
            }
        }
        self.tokens = tokens
    }

    /// Whether the pattern matches the whole of `text`.
    public func matches(_ text: String) -> Bool {
        WildcardPattern.matches(tokens: tokens[...], text: Array(text.unicodeScalars)[...])
    }

    /// Whether `tokens` match the whole of `text`: the classic two-pointer walk with backtracking
    /// to the most recent `*` only.
    public static func matches(tokens: ArraySlice<Token>, text: ArraySlice<Unicode.Scalar>) -> Bool {
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
                case .literal:
                    break
                }
            }
            guard let star = starToken else { return false }
            t = star + 1
            starText += 1
            s = starText
        }
        while t < tokens.endIndex, tokens[t] == .anyRun { t += 1 }
        return t == tokens.endIndex
    }

    public var description: String { text }
}
