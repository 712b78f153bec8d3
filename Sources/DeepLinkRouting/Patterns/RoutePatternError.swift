/// Why a route pattern could not be parsed, with the byte offset of the problem in the pattern.
///
/// Match on ``code`` (`catch let error as RoutePatternError where error.code == .unclosedBrace`);
/// the set of codes may grow without breaking a `switch`. ``message`` names the pattern, the
/// offset and what to write instead.
public struct RoutePatternError: CodedError, Hashable {
    /// A stable kind of pattern mistake, for matching; its `description` is the code of the
    /// diagnostic a manifest reports for the pattern.
    public typealias Code = ErrorCode<RoutePatternError>

    public let code: Code
    /// The pattern as written.
    public let pattern: String
    /// Byte offset (0-based) of the problem in ``pattern``.
    public let offset: Int
    public let message: String

    private init(_ code: Code, _ pattern: String, _ offset: Int, _ message: (_ quoted: String) -> String) {
        self.code = code
        self.pattern = pattern
        self.offset = offset
        self.message = message("\"\(pattern)\"")
    }

    /// A path pattern that does not start with `/`.
    public static func missingLeadingSlash(pattern: String, offset: Int) -> Self {
        Self(.missingLeadingSlash, pattern, offset) { q in "\(q) must start with \"/\"" }
    }

    /// A scheme link pattern without `scheme://`.
    public static func missingScheme(pattern: String, offset: Int) -> Self {
        Self(.missingScheme, pattern, offset) { q in
            "\(q) has no scheme; expected a custom-scheme link such as \"example://open/{id}\""
        }
    }

    /// The `scheme` is not a letter followed by letters, digits, `+`, `-` or `.`.
    public static func invalidScheme(_ scheme: String, pattern: String, offset: Int) -> Self {
        Self(.invalidScheme, pattern, offset) { q in
            "\(q) has the invalid scheme \"\(scheme)\" at offset \(offset); a scheme is a letter followed by letters, digits, \"+\", \"-\" or \".\""
        }
    }

    /// A `{` without its `}`.
    public static func unclosedBrace(pattern: String, offset: Int) -> Self {
        Self(.unclosedBrace, pattern, offset) { q in "\(q) has an unclosed \"{\" at offset \(offset)" }
    }

    /// A `}` without its `{`.
    public static func unopenedBrace(pattern: String, offset: Int) -> Self {
        Self(.unopenedBrace, pattern, offset) { q in "\(q) has a \"}\" without a matching \"{\" at offset \(offset)" }
    }

    /// A `{` inside a parameter.
    public static func nestedBrace(pattern: String, offset: Int) -> Self {
        Self(.nestedBrace, pattern, offset) { q in "\(q) has a \"{\" inside a parameter at offset \(offset)" }
    }

    /// `//` inside the pattern.
    public static func emptySegment(pattern: String, offset: Int) -> Self {
        Self(.emptySegment, pattern, offset) { q in "\(q) has an empty segment (\"//\") at offset \(offset)" }
    }

    /// A parameter sharing its segment with other text, such as `/story-{id}`.
    public static func partialSegment(pattern: String, offset: Int) -> Self {
        Self(.partialSegment, pattern, offset) { q in
            "\(q) mixes a parameter with other text in the segment at offset \(offset); a parameter must be a whole segment"
        }
    }

    /// `{}` or `{:int}`.
    public static func emptyName(pattern: String, offset: Int) -> Self {
        Self(.emptyName, pattern, offset) { q in "\(q) has a parameter without a name at offset \(offset)" }
    }

    /// The parameter `name` is not an identifier.
    public static func invalidName(_ name: String, pattern: String, offset: Int) -> Self {
        Self(.invalidName, pattern, offset) { q in
            "\(q) has the invalid parameter name \"\(name)\" at offset \(offset); names are a letter or \"_\" followed by letters, digits or \"_\""
        }
    }

    /// The type `name` is not an identifier.
    public static func invalidTypeName(_ name: String, pattern: String, offset: Int) -> Self {
        Self(.invalidTypeName, pattern, offset) { q in
            "\(q) has the invalid type name \"\(name)\" at offset \(offset); expected a name such as int or uuid"
        }
    }

    /// The catch-all `name` has a type, such as `{rest:int*}`.
    public static func typedCatchAll(_ name: String, pattern: String, offset: Int) -> Self {
        Self(.typedCatchAll, pattern, offset) { q in
            "\(q) gives the catch-all \"\(name)\" a type at offset \(offset); a catch-all captures any segments and takes no type"
        }
    }

    /// A segment after an optional parameter.
    public static func optionalNotLast(pattern: String, offset: Int) -> Self {
        Self(.optionalNotLast, pattern, offset) { q in
            "\(q) has a segment after an optional parameter at offset \(offset); an optional parameter must be the last segment"
        }
    }

    /// A segment after a catch-all.
    public static func catchAllNotLast(pattern: String, offset: Int) -> Self {
        Self(.catchAllNotLast, pattern, offset) { q in
            "\(q) has a segment after a catch-all at offset \(offset); a catch-all must be the last segment"
        }
    }

    /// The parameter `name` is captured twice in one pattern; `offset` is the second capture.
    public static func duplicateParameter(_ name: String, pattern: String, offset: Int) -> Self {
        Self(.duplicateParameter, pattern, offset) { q in
            "\(q) captures \"\(name)\" twice (again at offset \(offset)); parameter names must be unique in a pattern"
        }
    }

    /// A `?` in the pattern; query items are declared in the route's `query`.
    public static func queryInPath(pattern: String, offset: Int) -> Self {
        Self(.queryInPath, pattern, offset) { q in
            "\(q) has a \"?\" at offset \(offset); a pattern is a path only, declare query items in the route's \"query\""
        }
    }

    /// A `#` in the pattern.
    public static func fragmentInPath(pattern: String, offset: Int) -> Self {
        Self(.fragmentInPath, pattern, offset) { q in "\(q) has a \"#\" at offset \(offset); a pattern is a path only" }
    }

    /// A `%` not followed by two hexadecimal digits, or escapes that are not UTF-8, in the
    /// segment at `offset`.
    public static func invalidPercentEncoding(pattern: String, offset: Int) -> Self {
        Self(.invalidPercentEncoding, pattern, offset) { q in
            "\(q) has an invalid percent escape in the segment at offset \(offset); write \"%\" followed by two hexadecimal digits"
        }
    }

}

extension ErrorCode where Owner == RoutePatternError {
    /// A path pattern that does not start with `/`.
    public static let missingLeadingSlash = Self("pattern-missing-leading-slash")
    /// A scheme link pattern without `scheme://`.
    public static let missingScheme = Self("pattern-missing-scheme")
    /// A scheme that is not a letter followed by letters, digits, `+`, `-` or `.`.
    public static let invalidScheme = Self("pattern-invalid-scheme")
    /// A `{` without its `}`.
    public static let unclosedBrace = Self("pattern-unclosed-brace")
    /// A `}` without its `{`.
    public static let unopenedBrace = Self("pattern-unopened-brace")
    /// A `{` inside a parameter.
    public static let nestedBrace = Self("pattern-nested-brace")
    /// `//` inside the pattern.
    public static let emptySegment = Self("pattern-empty-segment")
    /// A parameter sharing its segment with other text, such as `/story-{id}`.
    public static let partialSegment = Self("pattern-partial-segment")
    /// `{}` or `{:int}`.
    public static let emptyName = Self("pattern-empty-parameter-name")
    /// A parameter name that is not an identifier.
    public static let invalidName = Self("pattern-invalid-parameter-name")
    /// A type name that is not an identifier.
    public static let invalidTypeName = Self("pattern-invalid-type-name")
    /// A catch-all with a type, such as `{rest:int*}`.
    public static let typedCatchAll = Self("pattern-typed-catch-all")
    /// A segment after an optional parameter.
    public static let optionalNotLast = Self("pattern-optional-not-last")
    /// A segment after a catch-all.
    public static let catchAllNotLast = Self("pattern-catch-all-not-last")
    /// A parameter name captured twice in one pattern.
    public static let duplicateParameter = Self("pattern-duplicate-parameter")
    /// A `?` in the pattern; query items are declared in the route's `query`.
    public static let queryInPath = Self("pattern-query-in-path")
    /// A `#` in the pattern.
    public static let fragmentInPath = Self("pattern-fragment-in-path")
    /// A `%` not followed by two hexadecimal digits, or escapes that are not UTF-8.
    public static let invalidPercentEncoding = Self("pattern-invalid-percent-encoding")
}
