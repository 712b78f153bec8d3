import Foundation

extension LinkStore {
    /// Replaces the secret that signs deferred deep link claim tokens with a new random one (what
    /// `wayfinder deferred rotate-secret` does); returns it.
    ///
    /// Tokens signed with the secret it replaces stay valid until they expire; any older secret
    /// is forgotten, so rotate at most once per token lifetime to keep every outstanding token
    /// claimable. Running instances pick the new secret up within a minute. Safe against a
    /// concurrent rotation: the key id is taken by one of them and the other tries the next.
    package func rotateClaimSecret(at date: Date = Date()) async throws -> ClaimSecret {
        while true {
            let next = (try await claimSecrets().map(\.keyID).max() ?? 0) + 1
            let secret = ClaimSecret.random(keyID: next, createdAt: date)
            if try await insertClaimSecret(secret) { return secret }
        }
    }
}
