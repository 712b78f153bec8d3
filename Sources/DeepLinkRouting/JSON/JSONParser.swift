/// Reads JSON text (RFC 8259) into a ``JSONNode`` tree that remembers where each value was written.
///
/// The parser is strict about the grammar (no comments, no trailing commas, no leading zeros)
/// because the files it reads are consumed by strict parsers on devices, and it bounds nesting
/// depth so that hostile input (`[[[[…`) is a diagnostic rather than a stack overflow.
package struct JSONParser: Sendable {
    /// Deepest nesting of arrays and objects accepted. Real manifests and AASA files nest
    /// fewer than ten levels.
    package var maximumDepth: Int

    package init(maximumDepth: Int = 128) {
        self.maximumDepth = maximumDepth
    }

    /// Parses one JSON document; anything but whitespace after it is an error.
    package func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONNode {
        var reader = Reader(bytes: Array(bytes), maximumDepth: maximumDepth)
        reader.skipWhitespace()
        if reader.position == reader.bytes.count {
            throw reader.error("the document is empty; expected a JSON value")
        }
        let node = try reader.parseValue(depth: 0)
        reader.skipWhitespace()
        if reader.position < reader.bytes.count {
            throw reader.error("unexpected \(reader.describeCurrent()) after the end of the JSON value")
        }
        return node
    }

    /// Parses a JSON document given as a string.
    package func parse(_ text: String) throws(JSONParseError) -> JSONNode {
        try parse(Array(text.utf8))
    }
}

/// Why a text is not JSON, and where.
package struct JSONParseError: Error, Sendable, Hashable, CustomStringConvertible {
    package var message: String
    package var location: SourceLocation

    package init(message: String, location: SourceLocation) {
        self.message = message
        self.location = location
    }

    package var description: String { "\(location): \(message)" }
}

extension JSONParser {
    fileprivate struct Reader {
        let bytes: [UInt8]
        let maximumDepth: Int
        var position = 0
        var line = 1
        var lineStart = 0
        // Positions only move forward, so the column is counted on from where it was last asked
        // for: locations of a whole document cost O(n), even on one 10 MB line.
        var columnPosition = 0
        var column = 1

        init(bytes: [UInt8], maximumDepth: Int) {
            self.bytes = bytes
            self.maximumDepth = maximumDepth
        }

        /// Columns count characters, not bytes: UTF-8 continuation bytes do not start one.
        mutating func location() -> SourceLocation {
            if columnPosition < lineStart {
                columnPosition = lineStart
                column = 1
            }
            while columnPosition < position {
                if bytes[columnPosition] & 0xC0 != 0x80 { column += 1 }
                columnPosition += 1
            }
            return SourceLocation(line: line, column: column, offset: position)
        }

        mutating func error(_ message: String) -> JSONParseError {
            JSONParseError(message: message, location: location())
        }

        func describeCurrent() -> String {
            guard position < bytes.count else { return "end of input" }
            let byte = bytes[position]
            if byte >= 0x21 && byte < 0x7F {
                return "character \"\(Character(Unicode.Scalar(byte)))\""
            }
            return "byte 0x\(String(byte, radix: 16, uppercase: true))"
        }

        mutating func skipWhitespace() {
            while position < bytes.count {
                switch bytes[position] {
                case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                    position += 1
                case UInt8(ascii: "\n"):
                    position += 1
                    line += 1
                    lineStart = position
                default:
                    return
                }
            }
        }

        mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONNode {
            guard position < bytes.count else {
                throw error("unexpected end of input; expected a JSON value")
            }
            let start = location()
            switch bytes[position] {
            case UInt8(ascii: "{"):
                return JSONNode(try parseObject(depth: depth + 1), location: start)
            case UInt8(ascii: "["):
                return JSONNode(try parseArray(depth: depth + 1), location: start)
            case UInt8(ascii: "\""):
                return JSONNode(.string(try parseString()), location: start)
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                return JSONNode(.bool(true), location: start)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                return JSONNode(.bool(false), location: start)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                return JSONNode(.null, location: start)
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                return JSONNode(.number(try parseNumber()), location: start)
            default:
                throw error("unexpected \(describeCurrent()); expected a JSON value")
            }
        }

        mutating func expectLiteral(_ literal: String) throws(JSONParseError) {
            for (index, byte) in literal.utf8.enumerated() {
                guard position + index < bytes.count, bytes[position + index] == byte else {
                    throw error("invalid literal; expected \"\(literal)\"")
                }
            }
            position += literal.utf8.count
        }

        mutating func enter(_ depth: Int) throws(JSONParseError) {
            if depth > maximumDepth {
                throw error("nesting is deeper than \(maximumDepth) levels")
            }
            position += 1
        }

        mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONNode.Value {
            try enter(depth)
            var members: [JSONNode.Member] = []
            skipWhitespace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "}") {
                position += 1
                return .object(members)
            }
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                    throw error("unexpected \(describeCurrent()); expected a member name in double quotes")
                }
                let key = try parseString()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else {
                    throw error("unexpected \(describeCurrent()); expected \":\" after the member name \"\(key)\"")
                }
                position += 1
                skipWhitespace()
                let value = try parseValue(depth: depth)
                members.append(JSONNode.Member(key: key, value: value))
                skipWhitespace()
                guard position < bytes.count else {
                    throw error("unexpected end of input; expected \",\" or \"}\"")
                }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                if bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    return .object(members)
                }
                throw error("unexpected \(describeCurrent()); expected \",\" or \"}\"")
            }
        }

        mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONNode.Value {
            try enter(depth)
            var elements: [JSONNode] = []
            skipWhitespace()
            if position < bytes.count && bytes[position] == UInt8(ascii: "]") {
                position += 1
                return .array(elements)
            }
            while true {
                skipWhitespace()
                elements.append(try parseValue(depth: depth))
                skipWhitespace()
                guard position < bytes.count else {
                    throw error("unexpected end of input; expected \",\" or \"]\"")
                }
                if bytes[position] == UInt8(ascii: ",") {
                    position += 1
                    continue
                }
                if bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    return .array(elements)
                }
                throw error("unexpected \(describeCurrent()); expected \",\" or \"]\"")
            }
        }

        mutating func parseNumber() throws(JSONParseError) -> String {
            let start = position
            if bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard position < bytes.count, isDigit(bytes[position]) else {
                throw error("invalid number; expected a digit")
            }
            if bytes[position] == UInt8(ascii: "0") {
                position += 1
                if position < bytes.count, isDigit(bytes[position]) {
                    throw error("invalid number; leading zeros are not allowed")
                }
            } else {
                skipDigits()
            }
            if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
                position += 1
                guard position < bytes.count, isDigit(bytes[position]) else {
                    throw error("invalid number; expected a digit after \".\"")
                }
                skipDigits()
            }
            if position < bytes.count, bytes[position] | 0x20 == UInt8(ascii: "e") {
                position += 1
                if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-")
                {
                    position += 1
                }
                guard position < bytes.count, isDigit(bytes[position]) else {
                    throw error("invalid number; expected a digit in the exponent")
                }
                skipDigits()
            }
            return String(decoding: bytes[start..<position], as: UTF8.self)
        }

        func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        mutating func skipDigits() {
            while position < bytes.count, isDigit(bytes[position]) { position += 1 }
        }

        mutating func parseString() throws(JSONParseError) -> String {
            position += 1  // opening quote
            // Most strings have no escape: one validated copy of their bytes, no scalar appends.
            var end = position
            var ascii = true
            while end < bytes.count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\"") {
                    let start = position
                    let string = bytes.withUnsafeBufferPointer { buffer -> String? in
                        let run = UnsafeBufferPointer(rebasing: buffer[start..<end])
                        guard ascii || UTF8Check.isValid(run) else { return nil }
                        return String(decoding: run, as: UTF8.self)
                    }
                    guard let string else { break }
                    position = end + 1
                    return string
                }
                if byte >= 0x80 { ascii = false }
                // An escape, a control character (an error) or invalid UTF-8: the general walk below.
                if byte == UInt8(ascii: "\\") || byte < 0x20 { break }
                end += 1
            }
            var scalars = String.UnicodeScalarView()
            var runStart = position
            func flushRun(_ end: Int) throws(JSONParseError) {
                guard runStart < end else { return }
                guard let run = String(validating: bytes[runStart..<end], as: UTF8.self) else {
                    position = runStart
                    throw error("the string is not valid UTF-8")
                }
                scalars.append(contentsOf: run.unicodeScalars)
            }
            while position < bytes.count {
                let byte = bytes[position]
                switch byte {
                case UInt8(ascii: "\""):
                    try flushRun(position)
                    position += 1
                    return String(scalars)
                case UInt8(ascii: "\\"):
                    try flushRun(position)
                    position += 1
                    scalars.append(try parseEscape())
                    runStart = position
                case 0x00..<0x20:
                    if byte == UInt8(ascii: "\n") {
                        throw error("unterminated string; a line break must be written as \\n")
                    }
                    throw error(
                        "control character 0x\(String(byte, radix: 16, uppercase: true)) in a string must be escaped")
                default:
                    position += 1
                }
            }
            throw error("unterminated string; expected a closing \"")
        }

        mutating func parseEscape() throws(JSONParseError) -> Unicode.Scalar {
            guard position < bytes.count else { throw error("unterminated escape sequence") }
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""): return "\""
            case UInt8(ascii: "\\"): return "\\"
            case UInt8(ascii: "/"): return "/"
            case UInt8(ascii: "b"): return "\u{08}"
            case UInt8(ascii: "f"): return "\u{0C}"
            case UInt8(ascii: "n"): return "\n"
            case UInt8(ascii: "r"): return "\r"
            case UInt8(ascii: "t"): return "\t"
            case UInt8(ascii: "u"):
                let first = try parseHex4()
                if (0xD800..<0xDC00).contains(first) {
                    guard position + 1 < bytes.count,
                        bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    else { throw error("unpaired UTF-16 surrogate \\u\(String(first, radix: 16, uppercase: true))") }
                    position += 2
                    let second = try parseHex4()
                    guard (0xDC00..<0xE000).contains(second) else {
                        throw error("invalid UTF-16 surrogate pair")
                    }
                    let value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
                    // A high and a low surrogate always combine into U+10000...U+10FFFF, a valid scalar.
                    guard let scalar = Unicode.Scalar(value) else { throw error("invalid UTF-16 surrogate pair") }
                    return scalar
                }
                guard let scalar = Unicode.Scalar(first) else {
                    throw error("unpaired UTF-16 surrogate \\u\(String(first, radix: 16, uppercase: true))")
                }
                return scalar
            default:
                position -= 1
                throw error(
                    "invalid escape \\\(describeCurrent()); expected one of \\\" \\\\ \\/ \\b \\f \\n \\r \\t \\uXXXX")
            }
        }

        mutating func parseHex4() throws(JSONParseError) -> UInt32 {
            var value: UInt32 = 0
            for _ in 0..<4 {
                guard position < bytes.count, let digit = PercentDecoding.hexValue(bytes[position]) else {
                    throw error("invalid \\u escape; expected four hexadecimal digits")
                }
                value = value << 4 | UInt32(digit)
                position += 1
            }
            return value
        }
    }
}
