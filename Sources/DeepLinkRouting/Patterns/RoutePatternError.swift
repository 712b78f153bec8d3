/// Why a route pattern could not be parsed, with the byte offset of the problem in the pattern.
public struct RoutePatternError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem; each has a stable diagnostic ``code``.
    public enum Kind: Sendable, Hashable {
        /// A path pattern that does not start with `/`.
        case missingLeadingSlash
        /// A scheme link pattern without `scheme://`.
        case missingScheme
        /// A scheme that is not a letter followed by letters, digits, `+`, `-` or `.`.
        case invalidScheme(String)
        /// A `{` without its `}`.
        case unclosedBrace
        /// A `}` without its `{`.
        case unopenedBrace
        /// A `{` inside a parameter.
        case nestedBrace
        /// `//` inside the pattern.
        case emptySegment
        /// A parameter sharing its segment with other text, such as `/story-{id}`.
        case partialSegment
        /// `{}` or `{:int}`.
        case emptyName
        /// A parameter name that is not an identifier.
        case invalidName(String)
        /// A type name that is not an identifier.
        case invalidTypeName(String)
        /// A catch-all with a type, such as `{rest:int*}`.
        case typedCatchAll(String)
        /// A segment after an optional parameter.
        case optionalNotLast
        /// A segment after a catch-all.
        case catchAllNotLast
        /// A parameter name captured twice in one pattern.
        case duplicateParameter(String)
        /// A `?` in the pattern; query items are declared in the route's `query`.
        case queryInPath
        /// A `#` in the pattern.
        case fragmentInPath
        /// A `%` not followed by two hexadecimal digits, or escapes that are not UTF-8.
        case invalidPercentEncoding
    }

    /// What is wrong.
    public var kind: Kind
    /// The pattern as written.
    public var pattern: String
    /// Byte offset (0-based) of the problem in ``pattern``.
    public var offset: Int

    /// An error of this kind in `pattern` at the byte `offset`.
    public init(_ kind: Kind, pattern: String, offset: Int) {
        self.kind = kind
        self.pattern = pattern
        self.offset = offset
    }

    /// A stable, kebab-case identifier of the kind of problem.
    public var code: String {
        switch kind {
        case .missingLeadingSlash: "pattern-missing-leading-slash"
        case .missingScheme: "pattern-missing-scheme"
        case .invalidScheme: "pattern-invalid-scheme"
        case .unclosedBrace: "pattern-unclosed-brace"
        case .unopenedBrace: "pattern-unopened-brace"
        case .nestedBrace: "pattern-nested-brace"
        case .emptySegment: "pattern-empty-segment"
        case .partialSegment: "pattern-partial-segment"
        case .emptyName: "pattern-empty-parameter-name"
        case .invalidName: "pattern-invalid-parameter-name"
        case .invalidTypeName: "pattern-invalid-type-name"
        case .typedCatchAll: "pattern-typed-catch-all"
        case .optionalNotLast: "pattern-optional-not-last"
        case .catchAllNotLast: "pattern-catch-all-not-last"
        case .duplicateParameter: "pattern-duplicate-parameter"
        case .queryInPath: "pattern-query-in-path"
        case .fragmentInPath: "pattern-fragment-in-path"
        case .invalidPercentEncoding: "pattern-invalid-percent-encoding"
        }
    }

    /// What is wrong, naming the pattern and the offset.
    public var message: String {
        let quoted = "\"\(pattern)\""
        return switch kind {
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
