/// Test oracle: `android.net.Uri.parse(text)` (`StringUri`) and the getters dynamic App Links
/// matching calls, ported on their own from aosp-mirror/platform_frameworks_base
/// `core/java/android/net/Uri.java` @0022c781b4f61cfe74468d19b6a84622593e6818 and `UriCodec.java`
/// @202ddc8a4d1179b5f2d9b4186b900196f5944277. Texts are UTF-16 code units; `nil` is Java's null.
struct AOSPUri {
    let uriString: [UInt16]

    init(_ text: String) { uriString = Array(text.utf16) }

    private static func unit(_ character: Character) -> UInt16 { character.utf16.first! }

    private func indexOf(_ character: Character, from start: Int) -> Int {
        let target = Self.unit(character)
        var index = max(start, 0)
        while index < uriString.count {
            if uriString[index] == target { return index }
            index += 1
        }
        return -1
    }

    private var ssi: Int { indexOf(":", from: 0) }
    private var fsi: Int { indexOf("#", from: ssi) }

    private func substring(_ start: Int, _ end: Int) -> [UInt16] { Array(uriString[start..<end]) }

    var scheme: [UInt16]? { ssi == -1 ? nil : substring(0, ssi) }

    /// `parseAuthority`: after `//`, up to `/`, `\`, `?` or `#`.
    var encodedAuthority: [UInt16]? {
        let length = uriString.count
        guard length > ssi + 2, uriString[ssi + 1] == Self.unit("/"), uriString[ssi + 2] == Self.unit("/") else {
            return nil
        }
        var end = ssi + 3
        while end < length, !"/\\?#".utf16.contains(uriString[end]) { end += 1 }
        return substring(ssi + 3, end)
    }

    /// `getHost`: the authority after its last `@`, before a trailing `:digits`, decoded.
    var host: [UInt16]? {
        guard let authority = encodedAuthority else { return nil }
        let at = authority.lastIndex(of: Self.unit("@")).map { $0 + 1 } ?? 0
        var port = -1
        var index = authority.count - 1
        while index >= 0 {
            let character = authority[index]
            if character == Self.unit(":") {
                port = index
                break
            }
            if character < Self.unit("0") || character > Self.unit("9") { break }
            index -= 1
        }
        let encoded = port == -1 ? Array(authority[at...]) : Array(authority[at..<port])
        return AOSPUriCodec.decode(encoded)
    }

    /// `parsePath` then decoded; `nil` for an opaque URI.
    var path: [UInt16]? {
        if ssi > -1 {
            if ssi + 1 == uriString.count { return nil }
            if uriString[ssi + 1] != Self.unit("/") { return nil }
        }
        let length = uriString.count
        var pathStart: Int
        if length > ssi + 2, uriString[ssi + 1] == Self.unit("/"), uriString[ssi + 2] == Self.unit("/") {
            pathStart = ssi + 3
            while pathStart < length {
                let character = uriString[pathStart]
                if character == Self.unit("?") || character == Self.unit("#") { return [] }
                if character == Self.unit("/") || character == Self.unit("\\") { break }
                pathStart += 1
            }
        } else {
            pathStart = ssi + 1
        }
        var pathEnd = pathStart
        while pathEnd < length, uriString[pathEnd] != Self.unit("?"), uriString[pathEnd] != Self.unit("#") {
            pathEnd += 1
        }
        return AOSPUriCodec.decode(substring(pathStart, pathEnd))
    }

    /// `parseQuery` then decoded.
    var query: [UInt16]? {
        let qsi = indexOf("?", from: ssi)
        if qsi == -1 { return nil }
        let fsi = self.fsi
        if fsi == -1 { return AOSPUriCodec.decode(substring(qsi + 1, uriString.count)) }
        if fsi < qsi { return nil }
        return AOSPUriCodec.decode(substring(qsi + 1, fsi))
    }

    /// `parseFragment` then decoded.
    var fragment: [UInt16]? {
        let fsi = self.fsi
        return fsi == -1 ? nil : AOSPUriCodec.decode(substring(fsi + 1, uriString.count))
    }
}

/// `UriCodec.decode(s, convertPlus: false, UTF_8, throwOnFailure: false)`, as `Uri.decode` calls it.
enum AOSPUriCodec {
    static func decode(_ s: [UInt16]) -> [UInt16] {
        var builder: [UInt16] = []
        // The bytes of the escapes read since the last plain character.
        var byteBuffer: [UInt8] = []
        func flush() {
            if byteBuffer.isEmpty { return }
            // `CodingErrorAction.REPLACE` with U+FFFD per malformed sequence (assumed to be the
            // maximal subpart, as Swift's repairing decoder does).
            builder += Array(String(decoding: byteBuffer, as: UTF8.self).utf16)
            byteBuffer = []
        }
        var i = 0
        while i < s.count {
            var c = s[i]
            i += 1
            if c == UInt16(UInt8(ascii: "%")) {
                var hexValue: UInt8 = 0
                var j = 0
                while j < 2 {
                    if i >= s.count {
                        flush()
                        builder.append(0xFFFD)
                        return builder
                    }
                    c = s[i]
                    i += 1
                    guard let digit = hexCharToValue(c) else {
                        flush()
                        builder.append(0xFFFD)
                        break
                    }
                    hexValue = hexValue &* 0x10 &+ digit
                    j += 1
                }
                byteBuffer.append(hexValue)
            } else {
                // `+` is appended as is (convertPlus is false), like any other character.
                flush()
                builder.append(c)
            }
        }
        flush()
        return builder
    }

    private static func hexCharToValue(_ c: UInt16) -> UInt8? {
        if c >= 0x30 && c <= 0x39 { return UInt8(c - 0x30) }
        if c >= 0x61 && c <= 0x66 { return UInt8(10 + c - 0x61) }
        if c >= 0x41 && c <= 0x46 { return UInt8(10 + c - 0x41) }
        return nil
    }
}
