import Crypto

/// The signature of claim tokens made with one ``ClaimSecret``: HMAC-SHA256 over a domain label,
/// the tenant and the token's fields, truncated to ``ClaimToken/macLength`` bytes.
///
/// Keying an HMAC hashes the key's two padded blocks; a value made once per secret keeps that
/// state, so that each token costs only the blocks of its own bytes (``ClaimKeyring`` makes one
/// when it loads the secrets).
package struct ClaimMAC: Sendable {
    private let keyed: HMAC<SHA256>

    package init(secret: [UInt8]) {
        keyed = HMAC<SHA256>(key: SymmetricKey(data: secret))
    }

    /// The truncated MAC of `payload` for `tenant`.
    package func mac(of payload: [UInt8], tenant: String) -> [UInt8] {
        var hmac = keyed
        hmac.update(data: Self.label)
        let tenantBytes = Array(tenant.utf8.prefix(255))
        hmac.update(data: [UInt8(tenantBytes.count)] + tenantBytes)
        hmac.update(data: payload)
        return Array(Array(hmac.finalize()).prefix(ClaimToken.macLength))
    }

    private static let label = Array("wayfinder-claim".utf8)
}
