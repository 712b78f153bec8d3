import Foundation
import JWTKit

/// The claims of an ID token this client reads. Every check is made by ``OIDCRelyingParty``
/// after the signature (with its own clock and typed errors), so ``verify(using:)`` checks
/// nothing; fields are optional so that a missing one is named rather than failing the decode.
package struct IDTokenClaims: JWTPayload, Equatable {
    package var iss: String?
    package var sub: String?
    package var aud: AudienceClaim?
    package var exp: Double?
    package var iat: Double?
    package var nonce: String?
    package var email: String?
    package var emailVerified: Bool?

    enum CodingKeys: String, CodingKey {
        case iss, sub, aud, exp, iat, nonce, email
        case emailVerified = "email_verified"
    }

    package init(
        iss: String?, sub: String?, aud: [String]?, exp: Date?, iat: Date? = nil, nonce: String?, email: String? = nil,
        emailVerified: Bool? = nil
    ) {
        self.iss = iss
        self.sub = sub
        self.aud = aud.map { AudienceClaim(value: $0) }
        self.exp = exp.map(\.timeIntervalSince1970)
        self.iat = iat.map(\.timeIntervalSince1970)
        self.nonce = nonce
        self.email = email
        self.emailVerified = emailVerified
    }

    /// Reads the claims; `email` and `email_verified` of an unexpected type are taken as absent
    /// (some providers send `email_verified` as the string `"true"`, which is read as `true`),
    /// since they only describe the person: the claims that are checked must be well formed.
    package init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        iss = try container.decodeIfPresent(String.self, forKey: .iss)
        sub = try container.decodeIfPresent(String.self, forKey: .sub)
        aud = try container.decodeIfPresent(AudienceClaim.self, forKey: .aud)
        exp = try container.decodeIfPresent(Double.self, forKey: .exp)
        iat = try? container.decodeIfPresent(Double.self, forKey: .iat)
        nonce = try container.decodeIfPresent(String.self, forKey: .nonce)
        email = try? container.decodeIfPresent(String.self, forKey: .email)
        if let flag = try? container.decodeIfPresent(Bool.self, forKey: .emailVerified) {
            emailVerified = flag
        } else if let text = try? container.decodeIfPresent(String.self, forKey: .emailVerified) {
            emailVerified = text == "true" ? true : text == "false" ? false : nil
        } else {
            emailVerified = nil
        }
    }

    package func verify(using algorithm: some JWTAlgorithm) async throws {}
}
