import Foundation

/// Base64url without padding (RFC 4648 §5): the alphabet that needs no escaping in a URL, a query
/// string or an install referrer.
package enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)
    /// Each byte's value in ``alphabet``, 0xFF for a byte outside it.
    private static let values: [UInt8] = {
        var values = [UInt8](repeating: 0xFF, count: 256)
        for (index, byte) in alphabet.enumerated() { values[Int(byte)] = UInt8(index) }
        return values
    }()

    /// Whether every character of `text` is in the alphabet: such text reads the same after HTML
    /// escaping and URL percent-encoding.
    package static func isInAlphabet(_ text: some StringProtocol) -> Bool {
        text.utf8.allSatisfy { values[Int($0)] != 0xFF }
    }

    package static func encode(_ bytes: [UInt8]) -> String {
        // Written out rather than through Foundation's base64 and three replacements: a claim
        // token and a CSP nonce are encoded on every visit that gets a page or a store.
        let count = (bytes.count * 4 + 2) / 3
        return String(unsafeUninitializedCapacity: count) { output in
            var out = 0
            var index = 0
            while index + 3 <= bytes.count {
                let word = UInt32(bytes[index]) << 16 | UInt32(bytes[index + 1]) << 8 | UInt32(bytes[index + 2])
                output[out] = alphabet[Int(word >> 18)]
                output[out + 1] = alphabet[Int(word >> 12 & 0x3F)]
                output[out + 2] = alphabet[Int(word >> 6 & 0x3F)]
                output[out + 3] = alphabet[Int(word & 0x3F)]
                out += 4
                index += 3
            }
            let left = bytes.count - index
            if left > 0 {
                let word = UInt32(bytes[index]) << 16 | (left == 2 ? UInt32(bytes[index + 1]) << 8 : 0)
                output[out] = alphabet[Int(word >> 18)]
                output[out + 1] = alphabet[Int(word >> 12 & 0x3F)]
                out += 2
                if left == 2 {
                    output[out] = alphabet[Int(word >> 6 & 0x3F)]
                    out += 1
                }
            }
            return out
        }
    }

    /// The bytes of `text`; `nil` for any character outside the alphabet (padding included) and
    /// for a length no encoding has.
    package static func decode(_ text: String) -> [UInt8]? {
        let utf8 = Array(text.utf8)
        guard utf8.count % 4 != 1 else { return nil }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count * 3 / 4)
        var word: UInt32 = 0
        var bits = 0
        for byte in utf8 {
            let value = values[Int(byte)]
            guard value != 0xFF else { return nil }
            word = word << 6 | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: word >> UInt32(bits)))
            }
        }
        // Leftover bits must be zero, so that every byte string has exactly one text.
        guard word & ((1 << UInt32(bits)) - 1) == 0 else { return nil }
        return bytes
    }
}
