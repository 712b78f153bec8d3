import Foundation

/// A recorded click's id: 16 bytes as base64url without padding (22 characters): the time of the
/// click in milliseconds (6 bytes, big-endian), then 10 random bytes.
///
/// Made where the click is recorded, so naming a click costs no write on the request path; its
/// 80 random bits make it unguessable, so an event can name its click without proving anything
/// else. A visit given a claim token shares the token's nonce: the claim answers the click id
/// without a lookup.
///
/// The time first keeps the ids of one moment beside one another in the stores' `click_id`
/// index: with 16 random bytes every click of a batch landed on its own page of that index,
/// and writing clicks took a third more of the server's time under load (the desktop redirect
/// fell to 0.77× of the build before click ids).
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

    /// A fresh id for a click at `time`: its milliseconds, then random bytes from the kernel's
    /// randomness (read in blocks, as claim tokens' nonces are).
    package static func random(at time: Date = Date()) -> ClickID {
        var bytes = SecureRandom.bytes(byteCount)
        var milliseconds = UInt64(max(0, time.millisecondsSince1970))
        for index in (0..<timeByteCount).reversed() {
            bytes[index] = UInt8(truncatingIfNeeded: milliseconds)
            milliseconds >>= 8
        }
        return ClickID(nonce: bytes)
    }

    /// How many leading bytes hold the time.
    private static let timeByteCount = 6

    /// The id a client sent; `nil` for text that is no click id of this form.
    package init?(parsing text: String) {
        guard text.utf8.count == Self.textLength, let bytes = Base64URL.decode(text), bytes.count == Self.byteCount
        else { return nil }
        self.init(nonce: bytes)
    }

    package var description: String { text }
}
