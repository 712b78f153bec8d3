/// Link text that Foundation's `URL(string:)` takes exactly as written: an absolute URL with an
/// authority, in the strict RFC 3986 character set.
///
/// Resolving link text used to parse a `URL` first, only to hand it to the match; for text this
/// check accepts, `URL(string:)` succeeds and its `absoluteString` is the text itself, so the
/// route table matches the text directly and makes the `URL` only when someone reads
/// ``RouteMatch/url``. Anything else (spaces or other characters `URL` would encode, user
/// information, ports, IP literals, a missing `//`) takes the old road through `URL(string:)`.
enum VerbatimURLText {
    /// Whether `bytes` is `scheme://host[/path][?query][#fragment]` with a scheme of letters,
    /// digits, `+`, `-` and `.`; a non-empty host of letters, digits, `-` and `.`; and a path,
    /// query and fragment of unreserved characters, sub-delimiters, `:`, `@`, `/` (and `?` after
    /// the path) and well-formed `%XX` escapes.
    static func accepts(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        let end = bytes.count
        var index = 0
        guard end > 0, ASCII.isLetter(bytes[0]) else { return false }
        while index < end, isSchemeByte(bytes[index]) { index += 1 }
        guard index + 2 < end, bytes[index] == UInt8(ascii: ":"), bytes[index + 1] == UInt8(ascii: "/"),
            bytes[index + 2] == UInt8(ascii: "/")
        else { return false }
        index += 3
        let hostStart = index
        while index < end, isHostByte(bytes[index]) { index += 1 }
        guard index > hostStart else { return false }
        if index == end { return true }
        // The path: Foundation treats a path starting with "/.file/id=" specially.
        if bytes[index] == UInt8(ascii: "/") {
            if startsWithFileID(bytes, at: index) { return false }
            guard let after = scan(bytes, from: index, allowingQuestionMark: false) else { return false }
            index = after
        }
        if index < end, bytes[index] == UInt8(ascii: "?") {
            guard let after = scan(bytes, from: index + 1, allowingQuestionMark: true) else { return false }
            index = after
        }
        if index < end, bytes[index] == UInt8(ascii: "#") {
            guard let after = scan(bytes, from: index + 1, allowingQuestionMark: true) else { return false }
            index = after
        }
        return index == end
    }

    /// The end of a run of path (or query and fragment) characters from `start`: at the end of
    /// the text or at the delimiter that stops it (`?` in a path, `#`); `nil` at any other byte
    /// or at a malformed escape.
    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, allowingQuestionMark: Bool)
        -> Int?
    {
        var index = start
        while index < bytes.count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, PercentDecoding.hexValue(bytes[index + 1]) != nil,
                    PercentDecoding.hexValue(bytes[index + 2]) != nil
                else { return nil }
                index += 3
                continue
            }
            if isPathByte(byte) || (allowingQuestionMark && byte == UInt8(ascii: "?")) {
                index += 1
                continue
            }
            if byte == UInt8(ascii: "#") || byte == UInt8(ascii: "?") { return index }
            return nil
        }
        return index
    }

    private static let fileID = Array("/.file/id=".utf8)

    private static func startsWithFileID(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard bytes.count - index >= fileID.count else { return false }
        for offset in 0..<fileID.count where bytes[index + offset] != fileID[offset] { return false }
        return true
    }

    @inline(__always)
    private static func isSchemeByte(_ byte: UInt8) -> Bool {
        ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
            || byte == UInt8(ascii: ".")
    }

    @inline(__always)
    private static func isHostByte(_ byte: UInt8) -> Bool {
        ASCII.isLetter(byte) || ASCII.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
    }

    /// RFC 3986 `pchar` without `%` (unreserved, sub-delims, `:`, `@`) and `/`, as two bit sets
    /// (bytes 0–63 and 64–127): letters, digits and `-._~!$&'()*+,;=:@/`.
    @inline(__always)
    private static func isPathByte(_ byte: UInt8) -> Bool {
        if byte < 64 { return (0x2FFF_FFD2_0000_0000 as UInt64) >> byte & 1 == 1 }
        if byte < 128 { return (0x47FF_FFFE_87FF_FFFF as UInt64) >> (byte - 64) & 1 == 1 }
        return false
    }
}
