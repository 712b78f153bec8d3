/// An AASA-style path pattern (`/e/*`, `/help/website/*`), matched the way iOS matches the `/`
/// key of an `applinks` component against a URL path with the default flags (case-sensitive,
/// compared as percent-encoded text).
///
/// The path rules Apple's `swcutil` applies: the pattern's leading slash is optional and a leading
/// `//` is one `/`; trailing slashes are insignificant on both sides; a pattern ending in `/*`
/// also matches its parent (`/buy/*` matches `/buy`), while `/a/*/c` does not match `/a/c`; the
/// root pattern `/` matches an empty path. The manifest's `exclude` entries are path patterns.
public struct PathPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    private let wildcard: WildcardPattern
    /// The pattern without its final `/*`, when it has one.
    private let parent: WildcardPattern?

    /// The pattern `text`, such as `/e/*`; every text is a valid pattern.
    public init(_ text: String) {
        self.init(text, compile: WildcardPattern.init)
    }

    /// A path pattern whose globs are made by `compile` from the normalized pattern text (and from
    /// its parent when it ends in `/*`): how AASA files add substitution variables and case
    /// folding while keeping these path rules.
    package init(_ text: String, compile: (String) -> WildcardPattern) {
        self.text = text
        let normalized = PathPattern.normalize(text)
        self.wildcard = compile(normalized)
        if normalized.hasSuffix("/*") {
            self.parent = compile(PathPattern.normalize(String(normalized.dropLast(2))))
        } else {
            self.parent = nil
        }
    }

    /// Whether the pattern matches `path` (the URL's path as written, percent-encoded).
    public func matches(path: String) -> Bool {
        matches(normalizedPath: Array(PathPattern.normalize(path).unicodeScalars)[...])
    }

    /// Whether the pattern matches a path already passed through ``normalize(_:)`` and split into
    /// scalars (for callers that test one path against many patterns).
    package func matches(normalizedPath: ArraySlice<Unicode.Scalar>) -> Bool {
        wildcard.matches(scalars: normalizedPath) || (parent?.matches(scalars: normalizedPath) ?? false)
    }

    /// The glob for the whole pattern and, when it ends in `/*`, the glob for its parent.
    package var globs: (pattern: WildcardPattern, parent: WildcardPattern?) { (wildcard, parent) }

    /// The pattern as written.
    public var description: String { text }

    /// A leading `/` (one, however many were written) and no trailing slashes; the root is `/`.
    package static func normalize(_ path: String) -> String {
        // Most patterns and paths already are: one leading slash, no trailing one.
        let utf8 = path.utf8
        if utf8.count >= 2, utf8.first == UInt8(ascii: "/"), utf8.last != UInt8(ascii: "/"),
            utf8[utf8.index(after: utf8.startIndex)] != UInt8(ascii: "/")
        {
            return path
        }
        var scalars = Substring(path).unicodeScalars[...]
        while scalars.first == "/" { scalars.removeFirst() }
        while scalars.last == "/" { scalars.removeLast() }
        return "/" + String(scalars)
    }
}
