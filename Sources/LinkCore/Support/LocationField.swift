/// The value of a `Location` field for a URL as stored: every byte that may not appear raw in a
/// URI (non-ASCII, controls, space, `"<>\^`{|}`) percent-encoded as UTF-8, the rest (existing
/// `%XX` escapes included) unchanged. RFC 9110 §10.2.2 makes `Location` a URI-reference, and a
/// raw non-ASCII byte in a header is read differently by different clients.
package enum LocationField {
    package static func value(for url: String) -> String {
        guard url.utf8.contains(where: needsEncoding) else { return url }
        var result = ""
        result.reserveCapacity(url.utf8.count * 3)
        for byte in url.utf8 {
            if needsEncoding(byte) {
                result +=
                    "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 0xF, radix: 16, uppercase: true)
            } else {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            }
        }
        return result
    }

    // A switch, not a set or array of the bytes: it runs for every byte of every redirect's
    // destination and must not allocate.
    private static func needsEncoding(_ byte: UInt8) -> Bool {
        switch byte {
        case 0...0x20, 0x7F...0xFF, UInt8(ascii: "\""), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\\"),
            UInt8(ascii: "^"), UInt8(ascii: "`"), UInt8(ascii: "{"), UInt8(ascii: "|"), UInt8(ascii: "}"):
            true
        default:
            false
        }
    }
}
