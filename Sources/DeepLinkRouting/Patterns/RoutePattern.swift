/// A parsed route path pattern such as `/story/{storyId}` or `/open/clip/{clipId?}`.
///
/// | piece | meaning |
/// |---|---|
/// | `story` | literal segment |
/// | `{id}` | one segment, captured as `id` |
/// | `{id:int}` / `{id:uuid}` | one segment that must parse as that type (more types can be registered in code) |
/// | `{id?}` / `{id:int?}` | an optional last segment |
/// | `{rest*}` | zero or more remaining segments, captured joined by `/` |
///
/// A trailing slash is insignificant, literals are stored percent-decoded, and a pattern that
/// parses is well formed: parameters are whole segments with unique names, and optional and
/// catch-all segments come last.
public struct RoutePattern: Sendable, Hashable, CustomStringConvertible {
    /// One path segment of a pattern.
    public enum Segment: Sendable, Hashable {
        /// Matches exactly this (percent-decoded) text.
        case literal(String)
        /// Matches one segment; when `type` is set the segment must parse as that type.
        case parameter(name: String, type: String?)
        /// Matches one segment or nothing; only last.
        case optional(name: String, type: String?)
        /// Matches zero or more segments; only last.
        case catchAll(name: String)

        /// The captured name, if the segment captures.
        public var parameterName: String? {
            switch self {
            case .literal: nil
            case .parameter(let name, _), .optional(let name, _), .catchAll(let name): name
            }
        }
    }

    /// The pattern as written.
    public let text: String
    /// The pattern's segments after the leading `/`; empty for `/`.
    public let segments: [Segment]

    /// Parses a path pattern, which must start with `/`.
    public init(parsing text: String) throws(RoutePatternError) {
        guard text.hasPrefix("/") else {
            throw RoutePatternError.missingLeadingSlash(pattern: text, offset: 0)
        }
        self.text = text
        self.segments = try RoutePattern.parseSegments(text, from: text.utf8.index(after: text.utf8.startIndex))
    }

    /// A pattern whose segments were already parsed from `text` (the path part of a scheme link).
    init(text: String, parsedSegments: [Segment]) {
        self.text = text
        self.segments = parsedSegments
    }

    /// Builds a pattern from segments (for routes declared in code).
    public init(segments: [Segment]) throws(RoutePatternError) {
        let text = "/" + segments.map(\.patternText).joined(separator: "/")
        try self.init(parsing: text)
    }

    /// The names this pattern captures, in order.
    public var parameterNames: [String] { segments.compactMap(\.parameterName) }

    /// The pattern as written.
    public var description: String { text }

    /// Parses the segments of `text` that start at `start` (just past a `/`, or at a custom
    /// scheme link's host). Offsets in errors count UTF-8 bytes from the start of `text`.
    static func parseSegments(_ text: String, from start: String.UTF8View.Index) throws(RoutePatternError) -> [Segment]
    {
        // Building a table of 100,000 routes parses 100,000 patterns: a well-formed ASCII pattern
        // is read in one pass over its bytes; anything else (and every error, with its offset)
        // goes through the general parser below.
        let startOffset = text.utf8.distance(from: text.utf8.startIndex, to: start)
        var copy = text
        if let segments = copy.withUTF8({ quickSegments($0, from: startOffset) }) { return segments }
        return try parseSegmentsInDetail(text, from: start)
    }

    /// The segments of a well-formed ASCII pattern, read from its bytes; `nil` when the pattern is
    /// not ASCII or not well formed (the general parser then says what is wrong).
    private static func quickSegments(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> [Segment]? {
        var index = start
        var open = false
        var pieces = 1
        while index < bytes.count {
            switch bytes[index] {
            case 0x80...0xFF: return nil
            case UInt8(ascii: "{"):
                if open { return nil }
                open = true
            case UInt8(ascii: "}"):
                if !open { return nil }
                open = false
            case UInt8(ascii: "/"):
                if !open { pieces += 1 }
            case UInt8(ascii: "?"), UInt8(ascii: "#"):
                if !open { return nil }
            default: break
            }
            index += 1
        }
        if open { return nil }
        var segments: [Segment] = []
        segments.reserveCapacity(pieces)
        var pieceStart = start
        while pieceStart <= bytes.count {
            var pieceEnd = pieceStart
            var brace = false
            while pieceEnd < bytes.count {
                let byte = bytes[pieceEnd]
                if byte == UInt8(ascii: "{") { brace = true }
                if byte == UInt8(ascii: "}") { brace = false }
                if byte == UInt8(ascii: "/") && !brace { break }
                pieceEnd += 1
            }
            // A trailing slash is insignificant.
            if pieceEnd == bytes.count && pieceStart == pieceEnd { break }
            if let previous = segments.last {
                switch previous {
                case .optional, .catchAll: return nil
                default: break
                }
            }
            guard pieceStart < pieceEnd,
                let segment = quickSegment(UnsafeBufferPointer(rebasing: bytes[pieceStart..<pieceEnd]))
            else { return nil }
            if let name = segment.parameterName {
                for earlier in segments where earlier.parameterName == name { return nil }
            }
            segments.append(segment)
            pieceStart = pieceEnd + 1
        }
        return segments
    }

    /// One well-formed ASCII segment, or `nil`.
    private static func quickSegment(_ piece: UnsafeBufferPointer<UInt8>) -> Segment? {
        guard piece[0] == UInt8(ascii: "{") else {
            if piece.contains(UInt8(ascii: "{")) || piece.contains(UInt8(ascii: "}")) { return nil }
            return PercentDecoding.decode(piece).map { .literal($0) }
        }
        var innerEnd = piece.count - 1
        guard innerEnd > 0, piece[innerEnd] == UInt8(ascii: "}") else { return nil }
        enum Kind { case one, optional, catchAll }
        var kind = Kind.one
        if piece[innerEnd - 1] == UInt8(ascii: "?") {
            kind = .optional
            innerEnd -= 1
        } else if piece[innerEnd - 1] == UInt8(ascii: "*") {
            kind = .catchAll
            innerEnd -= 1
        }
        var colon = 1
        while colon < innerEnd, piece[colon] != UInt8(ascii: ":") { colon += 1 }
        let name = UnsafeBufferPointer(rebasing: piece[1..<colon])
        guard isIdentifier(name) else { return nil }
        var type: String? = nil
        if colon < innerEnd {
            let typeName = UnsafeBufferPointer(rebasing: piece[(colon + 1)..<innerEnd])
            guard isIdentifier(typeName) else { return nil }
            type = String(decoding: typeName, as: UTF8.self)
        }
        let nameText = String(decoding: name, as: UTF8.self)
        switch kind {
        case .one: return .parameter(name: nameText, type: type)
        case .optional: return .optional(name: nameText, type: type)
        case .catchAll: return type == nil ? .catchAll(name: nameText) : nil
        }
    }

    /// Whether ASCII bytes are an identifier: a letter or `_`, then letters, digits and `_`.
    private static func isIdentifier(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let first = bytes.first, first == UInt8(ascii: "_") || ASCII.isLetter(first) else { return false }
        for byte in bytes.dropFirst() where !(byte == UInt8(ascii: "_") || ASCII.isLetter(byte) || ASCII.isDigit(byte))
        {
            return false
        }
        return true
    }

    /// The general parser: every error, with the offset of what is wrong (internal so that tests
    /// can check the quick path against it).
    static func parseSegmentsInDetail(_ text: String, from start: String.UTF8View.Index)
        throws(RoutePatternError) -> [Segment]
    {
        let utf8 = text.utf8
        var segments: [Segment] = []
        var names: Set<String> = []
        var segmentStart = start
        // Split on "/" that are not inside braces, keeping offsets for messages.
        var pieces: [(text: Substring, offset: Int)] = []
        var index = start
        var braceOpen: String.UTF8View.Index? = nil
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "{") {
                if braceOpen != nil {
                    throw RoutePatternError.nestedBrace(
                        pattern: text, offset: utf8.distance(from: utf8.startIndex, to: index))
                }
                braceOpen = index
            } else if byte == UInt8(ascii: "}") {
                if braceOpen == nil {
                    throw RoutePatternError.unopenedBrace(
                        pattern: text, offset: utf8.distance(from: utf8.startIndex, to: index))
                }
                braceOpen = nil
            } else if byte == UInt8(ascii: "/") && braceOpen == nil {
                pieces.append((text[segmentStart..<index], utf8.distance(from: utf8.startIndex, to: segmentStart)))
                segmentStart = utf8.index(after: index)
            } else if byte == UInt8(ascii: "?") && braceOpen == nil {
                throw RoutePatternError.queryInPath(
                    pattern: text, offset: utf8.distance(from: utf8.startIndex, to: index))
            } else if byte == UInt8(ascii: "#") && braceOpen == nil {
                throw RoutePatternError.fragmentInPath(
                    pattern: text, offset: utf8.distance(from: utf8.startIndex, to: index))
            }
            index = utf8.index(after: index)
        }
        if let braceOpen {
            throw RoutePatternError.unclosedBrace(
                pattern: text, offset: utf8.distance(from: utf8.startIndex, to: braceOpen))
        }
        pieces.append((text[segmentStart..<utf8.endIndex], utf8.distance(from: utf8.startIndex, to: segmentStart)))
        // A trailing slash is insignificant: "/story/42/" is "/story/42", and "/" has no segments.
        if let last = pieces.last, last.text.isEmpty { pieces.removeLast() }

        for (piece, offset) in pieces {
            if let previous = segments.last {
                switch previous {
                case .optional:
                    throw RoutePatternError.optionalNotLast(pattern: text, offset: offset - 1)
                case .catchAll:
                    throw RoutePatternError.catchAllNotLast(pattern: text, offset: offset - 1)
                default: break
                }
            }
            if piece.isEmpty {
                throw RoutePatternError.emptySegment(pattern: text, offset: offset)
            }
            let segment = try parseSegment(String(piece), in: text, offset: offset)
            if let name = segment.parameterName {
                guard names.insert(name).inserted else {
                    throw RoutePatternError.duplicateParameter(name, pattern: text, offset: offset)
                }
            }
            segments.append(segment)
        }
        return segments
    }

    private static func parseSegment(_ piece: String, in text: String, offset: Int) throws(RoutePatternError) -> Segment
    {
        guard let open = piece.utf8.firstIndex(of: UInt8(ascii: "{")) else {
            guard let decoded = PercentDecoding.decode(piece) else {
                throw RoutePatternError.invalidPercentEncoding(pattern: text, offset: offset)
            }
            return .literal(decoded)
        }
        // parseSegments splits outside braces only and rejects an unclosed one, so a piece with "{"
        // has its "}"; the guard keeps a change there from turning into a trap.
        guard let close = piece.utf8.firstIndex(of: UInt8(ascii: "}")) else {
            throw RoutePatternError.unclosedBrace(pattern: text, offset: offset)
        }
        guard open == piece.utf8.startIndex, piece.utf8.index(after: close) == piece.utf8.endIndex else {
            throw RoutePatternError.partialSegment(pattern: text, offset: offset)
        }
        var inner = String(piece[piece.index(after: open)..<close])
        let innerOffset = offset + 1
        enum Kind { case one, optional, catchAll }
        var kind = Kind.one
        if inner.hasSuffix("?") {
            kind = .optional
            inner.removeLast()
        } else if inner.hasSuffix("*") {
            kind = .catchAll
            inner.removeLast()
        }
        let parts = inner.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
        let name = String(parts[0])
        guard !name.isEmpty else {
            throw RoutePatternError.emptyName(pattern: text, offset: innerOffset)
        }
        guard isIdentifier(name) else {
            throw RoutePatternError.invalidName(name, pattern: text, offset: innerOffset)
        }
        var type: String? = nil
        if parts.count == 2 {
            let typeName = String(parts[1])
            guard isIdentifier(typeName) else {
                throw RoutePatternError.invalidTypeName(
                    typeName, pattern: text, offset: innerOffset + name.utf8.count + 1)
            }
            type = typeName
        }
        switch kind {
        case .one: return .parameter(name: name, type: type)
        case .optional: return .optional(name: name, type: type)
        case .catchAll:
            if type != nil {
                throw RoutePatternError.typedCatchAll(name, pattern: text, offset: innerOffset)
            }
            return .catchAll(name: name)
        }
    }

    static func isIdentifier(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first,
            first == "_" || ("a"..."z").contains(first) || ("A"..."Z").contains(first)
        else { return false }
        return text.unicodeScalars.allSatisfy {
            $0 == "_" || ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0)
        }
    }
}

extension RoutePattern.Segment {
    /// The segment as it is written in a pattern.
    public var patternText: String {
        switch self {
        case .literal(let text): PercentDecoding.encodeSegment(text)
        case .parameter(let name, let type): "{\(name)\(type.map { ":" + $0 } ?? "")}"
        case .optional(let name, let type): "{\(name)\(type.map { ":" + $0 } ?? "")?}"
        case .catchAll(let name): "{\(name)*}"
        }
    }
}
