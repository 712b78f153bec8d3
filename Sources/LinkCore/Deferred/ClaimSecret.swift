import Foundation

/// A secret that signs deferred deep links' claim tokens (HMAC-SHA256), shared by every server
/// instance through the store.
///
/// The first start creates key 1 (``LinkStore/insertClaimSecret(_:)``); each rotation
/// (`wayfinder deferred rotate-secret`) adds the next key id, retires the one before (tokens it
/// signed stay valid until they expire) and forgets any older one.
package struct ClaimSecret: Sendable, Hashable {
    package var keyID: Int
    /// 32 random bytes.
    package var secret: [UInt8]
    package var createdAt: Date
    /// When a newer secret replaced it; tokens it signed before then stay valid until they expire.
    package var retiredAt: Date?

    package init(keyID: Int, secret: [UInt8], createdAt: Date, retiredAt: Date? = nil) {
        self.keyID = keyID
        self.secret = secret
        self.createdAt = createdAt
        self.retiredAt = retiredAt
    }

    /// A new secret of 32 bytes from the system's cryptographic generator.
    package static func random(keyID: Int, createdAt: Date = Date()) -> ClaimSecret {
        var generator = SystemRandomNumberGenerator()
        return ClaimSecret(
            keyID: keyID, secret: (0..<32).map { _ in generator.next() }, createdAt: createdAt.truncatedToMilliseconds)
    }
}
