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
        self.text = Base64URL.encode(nonce)
    }

    /// A fresh id from the kernel's randomness (read in blocks, as claim tokens' nonces are).
    package static func random() -> ClickID {
        ClickID(nonce: SecureRandom.bytes(byteCount))
    }

    /// The id a client sent; `nil` for text that is no click id of this form.
    package init?(parsing text: String) {
        guard text.utf8.count == Self.textLength, let bytes = Base64URL.decode(text), bytes.count == Self.byteCount
        else { return nil }
        self.init(nonce: bytes)
    }

    package var description: String { text }
}
