import Foundation
import LinkCore
import LinkStorage

extension DeferredLinks {
    /// The claim token `text` when it is one this server signed for `tenant` (with a current
    /// secret, or one retired within ``DeferredClaimsAPI/rotationGrace`` of its issue); `nil` for
    /// anything else: malformed, forged, another tenant's. Expiry is the caller's to check.
    package func verifiedToken(_ text: String, tenant: String, store: CachingLinkStore) async throws -> ClaimToken? {
        guard let parsed = ClaimToken.parse(text),
            let secret = try await secret(keyID: parsed.token.keyID, store: store),
            ClaimToken.verify(payload: parsed.payload, mac: parsed.mac, secret: secret.secret, tenant: tenant),
            secret.retiredAt.map({
                parsed.token.issuedDate <= $0.addingTimeInterval(DeferredClaimsAPI.rotationGrace)
            }) ?? true
        else { return nil }
        return parsed.token
    }

    /// The secret with this key id, reading the store again (at most once a second) when this
    /// instance does not know it yet.
    private func secret(keyID: UInt32, store: CachingLinkStore) async throws -> ClaimSecret? {
        if let secret = keyring.secret(keyID: Int(keyID)) { return secret }
        try await keyring.reloadIfOlder(than: .seconds(1), from: store)
        return keyring.secret(keyID: Int(keyID))
    }
}
