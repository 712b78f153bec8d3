import Foundation

/// Why a single sign-on through an OpenID Connect provider was refused: each case names the one
/// check that failed, so that the refusal page and the log say what to fix (the configuration, the
/// provider, or the browser that started over).
package enum OIDCSignInError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The discovery document could not be fetched or read (`WAYFINDER_OIDC_ISSUER` wrong, the
    /// provider down).
    case discoveryFailed(String)
    /// The discovery document names another issuer than the one configured.
    case issuerMismatch(configured: String, discovered: String)
    /// An issuer that is neither `https` nor a loopback address: its documents could be changed on
    /// the way.
    case insecureIssuer(String)
    /// The callback's `state` is not one this server issued, or it was used already.
    case unknownState
    /// The `state` was issued to another browser (its cookie is missing or different).
    case stateFromAnotherBrowser
    /// The sign-in took longer than the flow's lifetime; start again.
    case stateExpired
    /// The provider answered the authorization request with an error (`error`, `error_description`).
    case providerRefused(error: String, description: String?)
    /// The callback carries neither a `code` nor an `error`.
    case missingCode
    /// The token endpoint refused the code (used already, expired, or the client's credentials).
    case tokenEndpointRefused(status: Int, error: String?)
    /// The token endpoint's answer has no readable `id_token`.
    case malformedTokenResponse(String)
    /// The ID token is not a readable JWT.
    case malformedIDToken(String)
    /// No key of the provider's JWKS (read again once) has the token's `kid`.
    case unknownSigningKey(kid: String?)
    /// The provider's JWKS could not be fetched or read.
    case keySetUnavailable(String)
    /// The token's signature does not verify with the provider's key of that `kid`.
    case badSignature
    /// The token's `iss` is not the provider's issuer.
    case wrongIssuer(expected: String, found: String?)
    /// The token's `aud` does not contain this client's id (it was issued to another application).
    case wrongAudience(expected: String, found: [String])
    /// The token's `exp` has passed (beyond the allowed clock skew).
    case expired(at: Date)
    /// The token carries no `nonce`, so it cannot be tied to this sign-in.
    case nonceMissing
    /// The token's `nonce` is another sign-in's.
    case nonceMismatch

    package var description: String {
        switch self {
        case .discoveryFailed(let reason):
            "the provider's discovery document could not be read (\(reason)); check WAYFINDER_OIDC_ISSUER"
        case .issuerMismatch(let configured, let discovered):
            "the discovery document names the issuer \(discovered), not \(configured); set WAYFINDER_OIDC_ISSUER to the provider's exact issuer"
        case .insecureIssuer(let issuer):
            "the issuer \(issuer) is not https (only a loopback issuer may be plain http)"
        case .unknownState:
            "the sign-in's state is unknown or was used already; start the sign-in again"
        case .stateFromAnotherBrowser:
            "the sign-in was started in another browser (its cookie is missing); start it again in this one"
        case .stateExpired:
            "the sign-in took too long; start it again"
        case .providerRefused(let error, let description):
            "the provider refused the sign-in: \(error)" + (description.map { " (\($0))" } ?? "")
        case .missingCode:
            "the provider's answer has no authorization code"
        case .tokenEndpointRefused(let status, let error):
            "the provider's token endpoint refused the code with \(status)" + (error.map { " \($0)" } ?? "")
                + "; a code is good for one use only: start the sign-in again"
        case .malformedTokenResponse(let reason):
            "the provider's token answer has no usable ID token (\(reason))"
        case .malformedIDToken(let reason):
            "the ID token is not a readable JWT (\(reason))"
        case .unknownSigningKey(let kid):
            "the ID token is signed with a key (kid \(kid ?? "none")) that is not in the provider's JWKS"
        case .keySetUnavailable(let reason):
            "the provider's JWKS could not be read (\(reason))"
        case .badSignature:
            "the ID token's signature does not verify with the provider's key"
        case .wrongIssuer(let expected, let found):
            "the ID token was issued by \(found ?? "nobody"), not \(expected)"
        case .wrongAudience(let expected, let found):
            "the ID token is for \(found.isEmpty ? "no audience" : found.joined(separator: ", ")), not this client (\(expected))"
        case .expired(let at):
            "the ID token expired at \(ISO8601.string(from: at))"
        case .nonceMissing:
            "the ID token carries no nonce, so it cannot be tied to this sign-in"
        case .nonceMismatch:
            "the ID token's nonce belongs to another sign-in"
        }
    }
}
