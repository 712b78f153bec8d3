/// Why a route pattern could not be parsed, with the byte offset of the problem in the pattern.
///
/// Match on ``code`` (`catch let error as RoutePatternError where error.code == .unclosedBrace`);
/// the set of codes may grow without breaking a `switch`. ``message`` names the pattern, the
/// offset and what to write instead.
public struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case missingLeadingSlash
        case missingScheme
        case invalidScheme(String)
        case unclosedBrace
        case unopenedBrace
        case nestedBrace
        case emptySegment
        case partialSegment
        case emptyName
        case invalidName(String)
        case invalidTypeName(String)
        case typedCatchAll(String)
        case optionalNotLast
        case catchAllNotLast
        case duplicateParameter(String)
        case queryInPath
        case fragmentInPath
        case invalidPercentEncoding
    }

    /// A stable kind of pattern mistake, for matching; its ``description`` is the code of the
    /// diagnostic a manifest reports for the pattern.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kebab-case name, as written in diagnostics and logs.
        public let description: String

        private init(_ name: String) { description = name }

        /// A path pattern that does not start with `/`.
        public static let missingLeadingSlash = Code("pattern-missing-leading-slash")
        /// A scheme link pattern without `scheme://`.
        public static let missingScheme = Code("pattern-missing-scheme")
        /// A scheme that is not a letter followed by letters, digits, `+`, `-` or `.`.
        public static let invalidScheme = Code("pattern-invalid-scheme")
        /// A `{` without its `}`.
        public static let unclosedBrace = Code("pattern-unclosed-brace")
        /// A `}` without its `{`.
        public static let unopenedBrace = Code("pattern-unopened-brace")
        /// A `{` inside a parameter.
        public static let nestedBrace = Code("pattern-nested-brace")
        /// `//` inside the pattern.
        public static let emptySegment = Code("pattern-empty-segment")
        /// A parameter sharing its segment with other text, such as `/story-{id}`.
        public static let partialSegment = Code("pattern-partial-segment")
        /// `{}` or `{:int}`.
        public static let emptyName = Code("pattern-empty-parameter-name")
        /// A parameter name that is not an identifier.
        public static let invalidName = Code("pattern-invalid-parameter-name")
        /// A type name that is not an identifier.
        public static let invalidTypeName = Code("pattern-invalid-type-name")
        /// A catch-all with a type, such as `{rest:int*}`.
        public static let typedCatchAll = Code("pattern-typed-catch-all")
        /// A segment after an optional parameter.
        public static let optionalNotLast = Code("pattern-optional-not-last")
        /// A segment after a catch-all.
        public static let catchAllNotLast = Code("pattern-catch-all-not-last")
        /// A parameter name captured twice in one pattern.
        public static let duplicateParameter = Code("pattern-duplicate-parameter")
        /// A `?` in the pattern; query items are declared in the route's `query`.
        public static let queryInPath = Code("pattern-query-in-path")
        /// A `#` in the pattern.
        public static let fragmentInPath = Code("pattern-fragment-in-path")
        /// A `%` not followed by two hexadecimal digits, or escapes that are not UTF-8.
        public static let invalidPercentEncoding = Code("pattern-invalid-percent-encoding")
    }

    private let reason: Reason
    /// The pattern as written.
    public var pattern: String
    /// Byte offset (0-based) of the problem in ``pattern``.
    public var offset: Int

    private init(_ reason: Reason, pattern: String, offset: Int) {
        self.reason = reason
        self.pattern = pattern
        self.offset = offset
    }

    /// A path pattern that does not start with `/`.
    public static func missingLeadingSlash(pattern: String, offset: Int) -> Self {
        Self(.missingLeadingSlash, pattern: pattern, offset: offset)
    }

    /// A scheme link pattern without `scheme://`.
    public static func missingScheme(pattern: String, offset: Int) -> Self {
        Self(.missingScheme, pattern: pattern, offset: offset)
    }

    /// The `scheme` is not a letter followed by letters, digits, `+`, `-` or `.`.
    public static func invalidScheme(_ scheme: String, pattern: String, offset: Int) -> Self {
        Self(.invalidScheme(scheme), pattern: pattern, offset: offset)
    }

    /// A `{` without its `}`.
    public static func unclosedBrace(pattern: String, offset: Int) -> Self {
        Self(.unclosedBrace, pattern: pattern, offset: offset)
    }

    /// A `}` without its `{`.
    public static func unopenedBrace(pattern: String, offset: Int) -> Self {
        Self(.unopenedBrace, pattern: pattern, offset: offset)
    }

    /// A `{` inside a parameter.
    public static func nestedBrace(pattern: String, offset: Int) -> Self {
        Self(.nestedBrace, pattern: pattern, offset: offset)
    }

    /// `//` inside the pattern.
    public static func emptySegment(pattern: String, offset: Int) -> Self {
        Self(.emptySegment, pattern: pattern, offset: offset)
    }

    /// A parameter sharing its segment with other text, such as `/story-{id}`.
    public static func partialSegment(pattern: String, offset: Int) -> Self {
        Self(.partialSegment, pattern: pattern, offset: offset)
    }

    /// `{}` or `{:int}`.
    public static func emptyName(pattern: String, offset: Int) -> Self {
        Self(.emptyName, pattern: pattern, offset: offset)
    }

    /// The parameter `name` is not an identifier.
    public static func invalidName(_ name: String, pattern: String, offset: Int) -> Self {
        Self(.invalidName(name), pattern: pattern, offset: offset)
    }

    /// The type `name` is not an identifier.
    public static func invalidTypeName(_ name: String, pattern: String, offset: Int) -> Self {
        Self(.invalidTypeName(name), pattern: pattern, offset: offset)
    }

    /// The catch-all `name` has a type, such as `{rest:int*}`.
    public static func typedCatchAll(_ name: String, pattern: String, offset: Int) -> Self {
        Self(.typedCatchAll(name), pattern: pattern, offset: offset)
    }

    /// A segment after an optional parameter.
    public static func optionalNotLast(pattern: String, offset: Int) -> Self {
        Self(.optionalNotLast, pattern: pattern, offset: offset)
    }

    /// A segment after a catch-all.
    public static func catchAllNotLast(pattern: String, offset: Int) -> Self {
        Self(.catchAllNotLast, pattern: pattern, offset: offset)
    }

    /// The parameter `name` is captured twice in one pattern; `offset` is the second capture.
    public static func duplicateParameter(_ name: String, pattern: String, offset: Int) -> Self {
        Self(.duplicateParameter(name), pattern: pattern, offset: offset)
    }

    /// A `?` in the pattern; query items are declared in the route's `query`.
    public static func queryInPath(pattern: String, offset: Int) -> Self {
        Self(.queryInPath, pattern: pattern, offset: offset)
    }

    /// A `#` in the pattern.
    public static func fragmentInPath(pattern: String, offset: Int) -> Self {
        Self(.fragmentInPath, pattern: pattern, offset: offset)
    }

    /// A `%` not followed by two hexadecimal digits, or escapes that are not UTF-8, in the
    /// segment at `offset`.
    public static func invalidPercentEncoding(pattern: String, offset: Int) -> Self {
        Self(.invalidPercentEncoding, pattern: pattern, offset: offset)
    }

    /// What kind of error this is.
    public var code: Code {
        switch reason {
        case .missingLeadingSlash: .missingLeadingSlash
        case .missingScheme: .missingScheme
        case .invalidScheme: .invalidScheme
        case .unclosedBrace: .unclosedBrace
        case .unopenedBrace: .unopenedBrace
        case .nestedBrace: .nestedBrace
        case .emptySegment: .emptySegment
        case .partialSegment: .partialSegment
        case .emptyName: .emptyName
        case .invalidName: .invalidName
        case .invalidTypeName: .invalidTypeName
        case .typedCatchAll: .typedCatchAll
        case .optionalNotLast: .optionalNotLast
        case .catchAllNotLast: .catchAllNotLast
        case .duplicateParameter: .duplicateParameter
        case .queryInPath: .queryInPath
        case .fragmentInPath: .fragmentInPath
        case .invalidPercentEncoding: .invalidPercentEncoding
        }
    }

    /// What is wrong, naming the pattern and the offset, and what to write instead.
    public var message: String {
        let quoted = "\"\(pattern)\""
        return switch reason {
        case .missingLeadingSlash: "\(quoted) must start with \"/\""
        case .missingScheme: "\(quoted) has no scheme; expected a custom-scheme link such as \"example://open/{id}\""
        case .invalidScheme(let scheme):
            "\(quoted) has the invalid scheme \"\(scheme)\" at offset \(offset); a scheme is a letter followed by letters, digits, \"+\", \"-\" or \".\""
        case .unclosedBrace: "\(quoted) has an unclosed \"{\" at offset \(offset)"
        case .unopenedBrace: "\(quoted) has a \"}\" without a matching \"{\" at offset \(offset)"
        case .nestedBrace: "\(quoted) has a \"{\" inside a parameter at offset \(offset)"
        case .emptySegment: "\(quoted) has an empty segment (\"//\") at offset \(offset)"
        case .partialSegment:
            "\(quoted) mixes a parameter with other text in the segment at offset \(offset); a parameter must be a whole segment"
        case .emptyName: "\(quoted) has a parameter without a name at offset \(offset)"
        case .invalidName(let name):
            "\(quoted) has the invalid parameter name \"\(name)\" at offset \(offset); names are a letter or \"_\" followed by letters, digits or \"_\""
        case .invalidTypeName(let name):
            "\(quoted) has the invalid type name \"\(name)\" at offset \(offset); expected a name such as int or uuid"
        case .typedCatchAll(let name):
            "\(quoted) gives the catch-all \"\(name)\" a type at offset \(offset); a catch-all captures any segments and takes no type"
        case .optionalNotLast:
            "\(quoted) has a segment after an optional parameter at offset \(offset); an optional parameter must be the last segment"
        case .catchAllNotLast:
            "\(quoted) has a segment after a catch-all at offset \(offset); a catch-all must be the last segment"
        case .duplicateParameter(let name):
            "\(quoted) captures \"\(name)\" twice (again at offset \(offset)); parameter names must be unique in a pattern"
        case .queryInPath:
            "\(quoted) has a \"?\" at offset \(offset); a pattern is a path only, declare query items in the route's \"query\""
        case .fragmentInPath: "\(quoted) has a \"#\" at offset \(offset); a pattern is a path only"
        case .invalidPercentEncoding:
            "\(quoted) has an invalid percent escape in the segment at offset \(offset); write \"%\" followed by two hexadecimal digits"
        }
    }

    /// The ``message``.
    public var description: String { message }
}
