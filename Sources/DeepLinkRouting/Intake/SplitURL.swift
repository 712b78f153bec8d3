/// A URL's RFC 3986 components as strings, as ``URLParts`` splits them, for code off the hot path
/// that wants text rather than byte ranges: the link service's URL checks, its database URL and
/// the command line's host arguments.
///
/// Nothing is decoded or validated here: each part is what the text says. ``hasValidAuthority``
/// says whether the user info, host and port are what Foundation's `URLComponents(string:)`
/// accepts, for callers that must refuse what it refuses.
package struct SplitURL: Sendable, Hashable {
    package var scheme: String
    /// What stands before the host's `@`, still percent-encoded; `nil` when there is no `@`.
    package var userInfo: String?
    /// The host as written (brackets of an IP literal kept); `nil` when there is no authority.
    package var host: String?
    /// What follows the host's `:`; `nil` when there is no `:`.
    package var port: String?
    package var path: String
    package var query: String?
    package var fragment: String?

    /// Splits `text`; `nil` when it does not start with a scheme and `:`.
    package init?(_ text: String) {
        let split: SplitURL? = text.withUTF8Buffer { bytes in
            guard let parts = URLParts(bytes) else { return nil }
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            return SplitURL(
                scheme: string(parts.scheme), userInfo: parts.userInfo.map(string), host: parts.host.map(string),
                port: parts.port.map(string), path: string(parts.path), query: parts.query.map(string),
                fragment: parts.fragment.map(string))
        }
        guard let split else { return nil }
        self = split
    }

    private init(
        scheme: String, userInfo: String?, host: String?, port: String?, path: String, query: String?,
        fragment: String?
    ) {
        self.scheme = scheme
        self.userInfo = userInfo
        self.host = host
        self.port = port
        self.path = path
        self.query = query
        self.fragment = fragment
    }

    /// The user name: the user info before its first `:`, still percent-encoded.
    package var user: String? {
        userInfo.map { info in String(info.prefix { $0 != ":" }) }
    }

    /// The password: the user info after its first `:`, still percent-encoded; `nil` without one.
    package var password: String? {
        guard let info = userInfo, let colon = info.firstIndex(of: ":") else { return nil }
        return String(info[info.index(after: colon)...])
    }

    /// The port as a number; `nil` when there is none or it is not a decimal number.
    package var portNumber: Int? {
        port.flatMap { $0.utf8.allSatisfy(Self.isDigit) ? Int($0) : nil }
    }

    /// Whether the user info, host and port hold only what RFC 3986 allows them (as Foundation's
    /// `URLComponents(string:)` reads it, which also lets non-ASCII host names through): a
    /// bracketed IP literal or a name of unreserved characters, sub-delimiters and valid `%XX`
    /// escapes, and a port of digits only. The path, query and fragment are not checked:
    /// Foundation escapes what they should not hold rather than refusing it.
    package var hasValidAuthority: Bool {
        if let userInfo, !Self.holdsOnly(userInfo, allowing: { Self.isNameByte($0) || $0 == UInt8(ascii: ":") }) {
            return false
        }
        if let port, !port.utf8.allSatisfy(Self.isDigit) { return false }
        guard let host else { return true }
        if host.utf8.first == UInt8(ascii: "[") {
            return host.utf8.count >= 2 && host.utf8.last == UInt8(ascii: "]")
        }
        return Self.holdsOnly(host, allowing: Self.isNameByte)
    }

    /// Splits `HOST[:PORT]` (a `Host` header, a command line argument) as ``URLParts`` splits an
    /// authority: the host ends at its first `:`, an IP literal keeps its brackets.
    package static func hostAndPort(_ text: String) -> (host: String, port: String?) {
        text.withUTF8Buffer { bytes in
            let (host, port) = URLParts.hostAndPort(in: bytes, 0..<bytes.count)
            func string(_ range: Range<Int>) -> String {
                String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
            }
            return (string(host), port.map(string))
        }
    }

    private static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    /// Unreserved characters, sub-delimiters, `%` (checked with what follows by ``holdsOnly``)
    /// and non-ASCII bytes.
    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), 0x80...0xFF: true
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"), UInt8(ascii: "%"):
            true
        default: "!$&'()*+,;=".utf8.contains(byte)
        }
    }

    /// Whether every byte of `text` is allowed and every `%` starts a `%XX` escape.
    private static func holdsOnly(_ text: String, allowing allowed: (UInt8) -> Bool) -> Bool {
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            guard allowed(bytes[index]) else { return false }
            if bytes[index] == UInt8(ascii: "%") {
                guard index + 2 < bytes.count, isHex(bytes[index + 1]), isHex(bytes[index + 2]) else {
                    return false
                }
                index += 3
            } else {
                index += 1
            }
        }
        return true
    }

    private static func isHex(_ byte: UInt8) -> Bool {
        isDigit(byte) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte | 0x20)
    }
}
