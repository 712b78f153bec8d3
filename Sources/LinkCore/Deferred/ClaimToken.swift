import Crypto
import Foundation

/// A deferred deep link's claim token: what travels through the store (`wf_claim=<token>`) and
/// comes back from the app after the install.
///
/// It is self-describing and signed, so issuing one writes nothing: base64url (no padding) of
///
/// | bytes | field |
/// |---|---|
/// | 1 | format version (3; version 1 had no platform byte, version 2 no choice bytes; both are still read) |
/// | 4 | key id of the secret that signed it (big-endian) |
/// | 4 | issued at, seconds since 1970 (big-endian) |
/// | 4 | expires at, seconds since 1970 (big-endian) |
/// | 1 | the platform it was issued to: 1 Android (Play Store referrer), 2 iOS (preview page) |
/// | 2 | what decided the visit: 0 the link, 1 a rule, 2 an A/B variant; then its index |
/// | 16 | random nonce: what single use is recorded by |
/// | 1 + n | link id (length, UTF-8) |
/// | 1 + n | slug (length, UTF-8) |
/// | 16 | HMAC-SHA256, truncated to 128 bits |
///
/// The MAC covers a domain label, the tenant and every field above; the tenant itself is not in
/// the token (the claim's `Host` names it), so a token shown to another tenant fails its MAC like
/// a forged one. A token is about 120 characters.
package struct ClaimToken: Sendable, Hashable {
    /// The query parameter (and Play Store referrer item) that carries a token.
    package static let parameter = "wf_claim"

    package static let version: UInt8 = 3
    /// The platforms a token is issued to, by their byte in the token.
    package static let platformBytes: [Platform: UInt8] = [.android: 1, .ios: 2]
    package static let nonceLength = 16
    package static let macLength = 16

    package var keyID: UInt32
    package var issuedAt: UInt32
    package var expiresAt: UInt32
    /// The platform the token was issued to; `nil` for a version-1 token, issued before tokens
    /// said so.
    package var platform: Platform?
    package var nonce: [UInt8]
    package var linkID: String
    package var slug: String
    /// The rule or variant that decided the visit, so that the claim answers where it was sent;
    /// `nil` when the link did (and for tokens of versions 1 and 2).
    package var choice: VisitChoice?

    /// A new token for `linkID` with a fresh nonce, valid for `lifetime` from `now`.
    package init(
        keyID: UInt32, linkID: String, slug: String, platform: Platform, choice: VisitChoice? = nil, now: Date,
        lifetime: Duration
    ) {
        let seconds = UInt32(clamping: Int64(now.timeIntervalSince1970.rounded(.down)))
        self.init(
            keyID: keyID, issuedAt: seconds, expiresAt: seconds &+ UInt32(clamping: lifetime.components.seconds),
            platform: platform, nonce: SecureRandom.bytes(Self.nonceLength), linkID: linkID,
            slug: slug, choice: choice)
    }

    package init(
        keyID: UInt32, issuedAt: UInt32, expiresAt: UInt32, platform: Platform?, nonce: [UInt8], linkID: String,
        slug: String, choice: VisitChoice? = nil
    ) {
        self.keyID = keyID
        self.issuedAt = issuedAt
        self.expiresAt = expiresAt
        self.platform = platform
        self.nonce = nonce
        self.linkID = linkID
        self.slug = slug
        self.choice = choice
    }

    package var issuedDate: Date { Date(timeIntervalSince1970: TimeInterval(issuedAt)) }
    package var expiryDate: Date { Date(timeIntervalSince1970: TimeInterval(expiresAt)) }

    /// The nonce as lowercase hex: the key of the single-use record.
    package var nonceHex: String { Hex.string(of: nonce) }

    package func isExpired(at date: Date) -> Bool {
        date.timeIntervalSince1970 >= TimeInterval(expiresAt)
    }

    /// The token text, signed with `secret` for `tenant`.
    package func signed(with secret: [UInt8], tenant: String) -> String {
        signed(with: ClaimMAC(secret: secret), tenant: tenant)
    }

    /// The token text, signed with a secret's ``ClaimMAC`` for `tenant`.
    package func signed(with mac: ClaimMAC, tenant: String) -> String {
        var bytes = payload
        bytes += mac.mac(of: bytes, tenant: tenant)
        return Base64URL.encode(bytes)
    }

    /// Reads a token's fields without checking its signature; `nil` when the text is no token
    /// of this format (see ``verify(_:secret:tenant:)`` for the signature).
    package static func parse(_ text: String) -> (token: ClaimToken, payload: [UInt8], mac: [UInt8])? {
        guard text.utf8.count <= 1024, let bytes = Base64URL.decode(text),
            bytes.count > 1 + 12 + nonceLength + 2 + macLength, (1...version).contains(bytes[0])
        else { return nil }
        var reader = ByteReader(bytes: bytes[..<(bytes.count - macLength)])
        let format = reader.take(1)?.first
        guard let keyID = reader.uint32(), let issuedAt = reader.uint32(), let expiresAt = reader.uint32() else {
            return nil
        }
        var platform: Platform? = nil
        var choice: VisitChoice? = nil
        if let format, format >= 2 {
            guard let byte = reader.take(1)?.first, let named = platformBytes.first(where: { $0.value == byte })?.key
            else { return nil }
            platform = named
        }
        if let format, format >= 3 {
            guard let bytes = reader.take(2), let kind = bytes.first, let index = bytes.last else { return nil }
            switch kind {
            case 0: choice = nil
            case 1: choice = .rule(Int(index))
            case 2: choice = .variant(Int(index))
            default: return nil
            }
        }
        guard let nonce = reader.take(nonceLength), let linkID = reader.string(), let slug = reader.string(),
            reader.isAtEnd
        else { return nil }
        let token = ClaimToken(
            keyID: keyID, issuedAt: issuedAt, expiresAt: expiresAt, platform: platform, nonce: Array(nonce),
            linkID: linkID, slug: slug, choice: choice)
        return (token, Array(bytes[..<(bytes.count - macLength)]), Array(bytes.suffix(macLength)))
    }

    /// Whether `mac` is the signature of `payload` by `secret` for `tenant` (compared in constant time).
    package static func verify(payload: [UInt8], mac: [UInt8], secret: [UInt8], tenant: String) -> Bool {
        ConstantTime.equal(mac, Self.mac(of: payload, secret: secret, tenant: tenant))
    }

    private var payload: [UInt8] {
        // A token read from version 1 is signed again as version 1 only by tests; every new token
        // carries its platform and its choice.
        var bytes: [UInt8] = [platform == nil ? 1 : Self.version]
        bytes.reserveCapacity(64 + linkID.utf8.count + slug.utf8.count)
        for value in [keyID, issuedAt, expiresAt] { bytes += withUnsafeBytes(of: value.bigEndian) { Array($0) } }
        if let platform, let byte = Self.platformBytes[platform] {
            bytes.append(byte)
            switch choice {
            case nil: bytes += [0, 0]
            case .rule(let index): bytes += [1, UInt8(clamping: index)]
            case .variant(let index): bytes += [2, UInt8(clamping: index)]
            }
        }
        bytes += nonce
        for text in [linkID, slug] {
            let utf8 = Array(text.utf8.prefix(255))
            bytes.append(UInt8(utf8.count))
            bytes += utf8
        }
        return bytes
    }

    package static func mac(of payload: [UInt8], secret: [UInt8], tenant: String) -> [UInt8] {
        ClaimMAC(secret: secret).mac(of: payload, tenant: tenant)
    }
}

/// Reads big-endian fields from a byte slice.
private struct ByteReader {
    var bytes: ArraySlice<UInt8>

    var isAtEnd: Bool { bytes.isEmpty }

    mutating func take(_ count: Int) -> ArraySlice<UInt8>? {
        guard bytes.count >= count else { return nil }
        defer { bytes = bytes.dropFirst(count) }
        return bytes.prefix(count)
    }

    mutating func uint32() -> UInt32? {
        take(4).map { $0.reduce(0) { $0 << 8 | UInt32($1) } }
    }

    mutating func string() -> String? {
        guard let length = take(1)?.first, let utf8 = take(Int(length)) else { return nil }
        return String(validating: utf8, as: UTF8.self)
    }
}
