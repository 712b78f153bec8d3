import AsyncHTTPClient
import Foundation
import JWTKit
import LinkCore
import NIOCore
import NIOHTTP1

/// A provider's signing keys (its JWKS), fetched once and again only when a token names a key
/// they do not hold: a provider rotates by publishing the new key first, so an unknown `kid` is
/// the one moment the copy may be stale. Refetches are at least ``minimumRefreshInterval`` apart,
/// so tokens with made-up `kid`s cannot make this server hammer the provider.
package actor OIDCKeySet {
    package let url: String
    package let minimumRefreshInterval: TimeInterval
    private let client: HTTPClient
    private let clock: ServiceClock
    private var keys = JWTKeyCollection()
    private var kids: Set<String> = []
    private var count = 0
    private var fetchedAt: Date?
    /// How many times the JWKS was fetched (for tests and the log).
    package private(set) var fetches = 0

    package init(url: String, client: HTTPClient, clock: ServiceClock, minimumRefreshInterval: TimeInterval = 30) {
        self.url = url
        self.client = client
        self.clock = clock
        self.minimumRefreshInterval = minimumRefreshInterval
    }

    /// The claims of `token` once its signature verifies with the provider's key of its `kid`.
    package func verifiedClaims(of token: String, kid: String?) async throws(OIDCSignInError) -> IDTokenClaims {
        if fetchedAt == nil || !holds(kid) {
            let last = fetchedAt
            if last == nil || clock.now().timeIntervalSince(last!) >= minimumRefreshInterval {
                try await refresh()
            }
        }
        guard holds(kid) else { throw .unknownSigningKey(kid: kid) }
        do {
            return try await keys.verify(token, as: IDTokenClaims.self)
        } catch let error as JWTError where error.errorType == .signatureVerificationFailed {
            throw .badSignature
        } catch {
            throw .malformedIDToken("\(error)")
        }
    }

    /// Whether a token with `kid` has a key here: its own, or the only one when it names none.
    private func holds(_ kid: String?) -> Bool {
        if let kid { return kids.contains(kid) }
        return count == 1
    }

    private func refresh() async throws(OIDCSignInError) {
        fetches += 1
        fetchedAt = clock.now()
        let body: ByteBuffer
        do {
            let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
            guard response.status == .ok else {
                throw OIDCSignInError.keySetUnavailable("\(url) answered \(response.status.code)")
            }
            body = try await response.body.collect(upTo: 1 << 20)
        } catch let error as OIDCSignInError {
            throw error
        } catch {
            throw .keySetUnavailable("\(url): \(error)")
        }
        do {
            let jwks = try JSONDecoder().decode(JWKS.self, from: Data(body.readableBytesView))
            // Public keys with a `kid` only: a shared secret (`oct`) in a JWKS is not the
            // provider's signature, and a key without `kid` cannot be told from a rotated one.
            let usable = jwks.keys.filter {
                $0.keyIdentifier != nil && [.rsa, .ecdsa, .octetKeyPair].contains($0.keyType)
            }
            let collection = JWTKeyCollection()
            for key in usable {
                try await collection.add(jwk: key, isDefault: usable.count == 1)
            }
            keys = collection
            kids = Set(usable.compactMap { $0.keyIdentifier?.string })
            count = usable.count
        } catch {
            throw .keySetUnavailable("\(url) is not a readable JWKS: \(error)")
        }
    }
}
