/// A recorded click's id: 16 random bytes as base64url without padding (22 characters).
///
/// Made where the click is recorded, so naming a click costs no write on the request path; it is
/// unguessable, so an event can name its click without proving anything else. A visit given a
/// claim token shares the token's nonce: the claim answers the click id without a lookup.
package struct ClickID: Sendable, Hashable, CustomStringConvertible {
    /// How many random bytes an id holds.
    package static let byteCount = 16
    /// How many characters its text has.
    package static let textLength = 22

    /// The bytes: a claim token's nonce for a visit given one.
    package let bytes: [UInt8]
    /// The id as the API, the stores and `wf_click` carry it.
    package let text: String

    /// The id of the click whose visit was given a claim token with this nonce.
    package init(nonce: [UInt8]) {
        self.bytes = nonce
        self.text = Self.encode(nonce)
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    /// Base64url without padding, without Foundation: every redirect makes one.
    private static func encode(_ bytes: [UInt8]) -> String {
        var out = [UInt8]()
        out.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let count = min(3, bytes.count - index)
            var group = UInt32(bytes[index]) << 16
            if count > 1 { group |= UInt32(bytes[index + 1]) << 8 }
            if count > 2 { group |= UInt32(bytes[index + 2]) }
            for position in 0...count {
                out.append(Self.alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// A fresh id from the system's random number generator.
    package static func random() -> ClickID {
        var generator = SystemRandomNumberGenerator()
        let high = generator.next() as UInt64
        let low = generator.next() as UInt64
        var bytes = [UInt8]()
        bytes.reserveCapacity(byteCount)
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: high >> UInt64(shift))) }
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: low >> UInt64(shift))) }
        return ClickID(nonce: bytes)
    }

    /// The id a client sent; `nil` for text that is no click id of this form.
    package init?(parsing text: String) {
        guard text.utf8.count == Self.textLength, let bytes = Base64URL.decode(text), bytes.count == Self.byteCount
        else { return nil }
        self.init(nonce: bytes)
    }

    package var description: String { text }
}
