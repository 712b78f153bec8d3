import Crypto
import LinkCore

/// Proof Key for Code Exchange (RFC 7636) with the `S256` method: a random verifier kept on the
/// server, and its SHA-256 sent with the authorization request, so that a code taken on its way
/// back to the browser cannot be exchanged by whoever took it.
package struct PKCE: Sendable, Equatable {
    /// 64 characters of the unreserved alphabet (RFC 7636 allows 43 to 128).
    package let verifier: String

    package init(verifier: String = RandomText.make(length: 64, from: RandomText.lettersAndDigits)) {
        self.verifier = verifier
    }

    /// `BASE64URL(SHA256(verifier))`, the `code_challenge`.
    package var challenge: String {
        Base64URL.encode(Array(SHA256.hash(data: Array(verifier.utf8))))
    }

    /// The only method this client sends.
    package static let method = "S256"
}
