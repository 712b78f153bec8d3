/// A parsed custom-scheme link pattern such as `example://open/{storyId}`.
///
/// For a custom scheme the host is the first path segment: `example://open/42` has the segments
/// `open` and `42`, so the pattern above is the scheme `example` with the segments
/// `open`, `{storyId}`. The scheme is stored lowercased (schemes compare case-insensitively).
public struct SchemeLinkPattern: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written.
    public let text: String
    /// The lowercased scheme.
    public let scheme: String
    /// The host and path segments.
    public let segments: [RoutePattern.Segment]

    /// Parses a pattern such as `example://open/{id}`; throws ``RoutePatternError`` when the scheme is
    /// missing or invalid or a segment does not parse.
    public init(parsing text: String) throws(RoutePatternError) {
        let utf8 = Array(text.utf8)
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), utf8[colon...].starts(with: "://".utf8) else {
            throw RoutePatternError.missingScheme(pattern: text, offset: 0)
        }
        let scheme = String(decoding: utf8[..<colon], as: UTF8.self)
        guard SchemeLinkPattern.isValidScheme(scheme) else {
            throw RoutePatternError.invalidScheme(scheme, pattern: text, offset: 0)
        }
        self.text = text
        self.scheme = scheme.lowercased()
        let hostStart = text.utf8.index(text.utf8.startIndex, offsetBy: colon + 3)
        self.segments = try RoutePattern.parseSegments(text, from: hostStart)
        self.pathPattern = RoutePattern(text: "/" + String(text[hostStart...]), parsedSegments: segments)
    }

    /// The segments as a path pattern, as the route table stores them.
    public let pathPattern: RoutePattern

    /// The names this pattern captures, in order.
    public var parameterNames: [String] { segments.compactMap(\.parameterName) }

    /// The pattern as written.
    public var description: String { text }

    /// RFC 3986: `ALPHA *( ALPHA / DIGIT / "+" / "-" / "." )`.
    public static func isValidScheme(_ scheme: String) -> Bool {
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter else { return false }
        return scheme.unicodeScalars.allSatisfy {
            $0.isASCIILetter || ("0"..."9").contains($0) || $0 == "+" || $0 == "-" || $0 == "."
        }
    }
}

extension Unicode.Scalar {
    var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
