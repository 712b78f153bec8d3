/// How `android.net.Uri`'s getters decode a part: `UriCodec.decode(text, convertPlus: false,
/// UTF-8, throwOnFailure: false)`, following aosp-mirror/platform_frameworks_base
/// `core/java/android/net/UriCodec.java` @202ddc8a4d1179b5f2d9b4186b900196f5944277.
///
/// - `%XX` escapes collect bytes, decoded as UTF-8 when a character that is not an escape (or the
///   end) follows; malformed UTF-8 becomes U+FFFD per maximal subpart (the `CharsetDecoder` is set
///   to `REPLACE`; Swift's UTF-8 repair uses the same subparts).
/// - `+` stays `+` (Uri's getters do not convert it; only `getQueryParameter` does).
/// - A `%` followed by a character that is not a hex digit: U+FFFD, and the bad character is
///   consumed; the byte built so far (`0` for `%zz`, `0x04` for `%4z`) is still collected (the
///   `break` in `appendDecoded` leaves only the inner loop). So `%zz` decodes to U+FFFD, U+0000, `z`.
/// - A `%` with fewer than two characters after it: U+FFFD, and decoding stops there.
enum AndroidPercentDecoding {
    private static let replacement: UInt16 = 0xFFFD

    static func decode(_ text: ArraySlice<UInt16>) -> ArraySlice<UInt16> {
        guard text.contains(0x25) else { return text }
        var output: [UInt16] = []
        output.reserveCapacity(text.count)
        var bytes: [UInt8] = []
        func flush() {
            guard !bytes.isEmpty else { return }
            output += String(decoding: bytes, as: UTF8.self).utf16
            bytes.removeAll(keepingCapacity: true)
        }
        var index = text.startIndex
        while index < text.endIndex {
            let unit = text[index]
            index += 1
            guard unit == 0x25 else {
                flush()
                output.append(unit)
                continue
            }
            var value: UInt8 = 0
            for _ in 0..<2 {
                guard index < text.endIndex else {
                    flush()
                    output.append(replacement)
                    return output[...]
                }
                let digit = hexValue(text[index])
                index += 1
                guard let digit else {
                    flush()
                    output.append(replacement)
                    break
                }
                value = value &* 16 &+ digit
            }
            bytes.append(value)
        }
        flush()
        return output[...]
    }

    private static func hexValue(_ unit: UInt16) -> UInt8? {
        switch unit {
        case 0x30...0x39: UInt8(unit - 0x30)
        case 0x41...0x46: UInt8(unit - 0x41 + 10)
        case 0x61...0x66: UInt8(unit - 0x61 + 10)
        default: nil
        }
    }
}
