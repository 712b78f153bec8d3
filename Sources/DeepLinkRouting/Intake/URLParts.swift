/// The RFC 3986 components of a URL, as byte ranges into its UTF-8 text.
///
/// The route table splits links itself rather than asking `URL` for its parts: `URL.path`
/// percent-decodes (so `%2F` would split a segment), and every accessor allocates a string. One
/// pass over the bytes finds every component; nothing is copied.
///
/// This is the package's one URL splitter: ``SplitURL`` gives the same parts as strings to code
/// off the hot path (the link service's URL checks, its database URL, the CLI). Apple's
/// associated-domains matching keeps its own reader (`AASAURL`) because iOS reads URLs differently.
package struct URLParts {
    package var scheme: Range<Int>
    /// What stands before the host's `@`; `nil` when there is no `@`.
    package var userInfo: Range<Int>?
    /// The host without user info and port; `nil` when the URL has no authority (`mailto:x`).
    package var host: Range<Int>?
    /// What follows the host: the digits after its `:` (possibly none), or, after an IP literal,
    /// anything else that stands there; `nil` when nothing does.
    package var port: Range<Int>?
    package var path: Range<Int>
    package var query: Range<Int>?
    package var fragment: Range<Int>?

    /// Splits `bytes`; `nil` when they do not start with a scheme and `:`.
    package init?(_ bytes: UnsafeBufferPointer<UInt8>) {
        let end = bytes.count
        var index = 0
        while index < end, URLParts.isSchemeByte(bytes[index], first: index == 0) { index += 1 }
        guard index > 0, index < end, bytes[index] == UInt8(ascii: ":") else { return nil }
        scheme = 0..<index
        index += 1
        userInfo = nil
        host = nil
        port = nil
        if index + 1 < end, bytes[index] == UInt8(ascii: "/"), bytes[index + 1] == UInt8(ascii: "/") {
            let authorityStart = index + 2
            var authorityEnd = authorityStart
            while authorityEnd < end, !URLParts.endsAuthority(bytes[authorityEnd]) { authorityEnd += 1 }
            var hostStart = authorityStart
            for index in authorityStart..<authorityEnd where bytes[index] == UInt8(ascii: "@") { hostStart = index + 1 }
            if hostStart > authorityStart { userInfo = authorityStart..<(hostStart - 1) }
            (host, port) = URLParts.hostAndPort(in: bytes, hostStart..<authorityEnd)
            index = authorityEnd
        }
        let pathStart = index
        while index < end, bytes[index] != UInt8(ascii: "?"), bytes[index] != UInt8(ascii: "#") { index += 1 }
        path = pathStart..<index
        query = nil
        fragment = nil
        if index < end, bytes[index] == UInt8(ascii: "?") {
            let queryStart = index + 1
            index = queryStart
            while index < end, bytes[index] != UInt8(ascii: "#") { index += 1 }
            query = queryStart..<index
        }
        if index < end, bytes[index] == UInt8(ascii: "#") {
            fragment = (index + 1)..<end
        }
    }

    /// Splits `HOST[:PORT]` (an authority without user info, or a `Host` header): the host ends
    /// at its first `:`, except that an IP literal keeps its brackets and inner colons.
    package static func hostAndPort(
        in bytes: UnsafeBufferPointer<UInt8>, _ authority: Range<Int>
    ) -> (host: Range<Int>, port: Range<Int>?) {
        let start = authority.lowerBound
        let end = authority.upperBound
        var index = start
        if start < end, bytes[start] == UInt8(ascii: "[") {
            while index < end, bytes[index] != UInt8(ascii: "]") { index += 1 }
            let hostEnd = min(index + 1, end)
            guard hostEnd < end else { return (start..<hostEnd, nil) }
            // Anything but `:` after the literal is kept as the port, so a check of it fails.
            let portStart = bytes[hostEnd] == UInt8(ascii: ":") ? hostEnd + 1 : hostEnd
            return (start..<hostEnd, portStart..<end)
        }
        while index < end, bytes[index] != UInt8(ascii: ":") { index += 1 }
        return (start..<index, index < end ? (index + 1)..<end : nil)
    }

    private static func isSchemeByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"): true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "+"), UInt8(ascii: "-"), UInt8(ascii: "."): !first
        default: false
        }
    }

    private static func endsAuthority(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: "?") || byte == UInt8(ascii: "#")
    }
}

/// Byte helpers shared by intake and matching.
enum ASCII {
    /// The byte with A–Z folded to a–z.
    @inline(__always)
    static func lower(_ byte: UInt8) -> UInt8 {
        byte &- UInt8(ascii: "A") < 26 ? byte | 0x20 : byte
    }

    @inline(__always)
    static func isLetter(_ byte: UInt8) -> Bool {
        (byte | 0x20) &- UInt8(ascii: "a") < 26
    }

    @inline(__always)
    static func isDigit(_ byte: UInt8) -> Bool {
        byte &- UInt8(ascii: "0") < 10
    }

    /// Whether the bytes at `range` equal `other` ignoring ASCII case.
    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, _ other: [UInt8]) -> Bool {
        guard range.count == other.count else { return false }
        return other.withUnsafeBufferPointer { other in
            var offset = 0
            while offset < other.count {
                guard lower(bytes[range.lowerBound + offset]) == lower(other[offset]) else { return false }
                offset += 1
            }
            return true
        }
    }

    /// Whether the bytes at `range` contain `byte`.
    static func contains(_ byte: UInt8, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        var index = range.lowerBound
        while index < range.upperBound {
            if bytes[index] == byte { return true }
            index += 1
        }
        return false
    }

    /// The range without its trailing slashes.
    static func trimmingTrailingSlashes(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Range<Int> {
        var end = range.upperBound
        while end > range.lowerBound, bytes[end - 1] == UInt8(ascii: "/") { end -= 1 }
        return range.lowerBound..<end
    }
}

extension String {
    /// Runs `body` over the string's UTF-8 bytes, making them contiguous first if they are not
    /// (a bridged string); native strings are read in place.
    func withUTF8Buffer<R>(_ body: (UnsafeBufferPointer<UInt8>) throws -> R) rethrows -> R {
        var copy = self
        return try copy.withUTF8(body)
    }
}
