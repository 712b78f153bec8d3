import Foundation

/// Base64url without padding (RFC 4648 §5): the alphabet that needs no escaping in a URL, a query
/// string or an install referrer.
package enum Base64URL {
    package static func encode(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString()
            .replacingOccurrences(of: "+", with: "-")
            .replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// The bytes of `text`; `nil` for any character outside the alphabet (padding included).
    package static func decode(_ text: String) -> [UInt8]? {
        guard
            text.utf8.allSatisfy({
                ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) || ($0 >= 0x30 && $0 <= 0x39) || $0 == 0x2D
                    || $0 == 0x5F
            })
        else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        if base64.utf8.count % 4 == 1 { return nil }
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        return Data(base64Encoded: base64).map(Array.init)
    }
}
