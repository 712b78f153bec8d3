import Foundation

/// What this client reads of a provider's discovery document
/// (`<issuer>/.well-known/openid-configuration`, OpenID Connect Discovery 1.0).
package struct OIDCProviderMetadata: Sendable, Equatable, Decodable {
    package var issuer: String
    package var authorizationEndpoint: String
    package var tokenEndpoint: String
    package var jwksURI: String
    /// `client_secret_basic` when the document says nothing (the specification's default).
    package var tokenEndpointAuthMethods: [String]?
    package var codeChallengeMethods: [String]?

    enum CodingKeys: String, CodingKey {
        case issuer
        case authorizationEndpoint = "authorization_endpoint"
        case tokenEndpoint = "token_endpoint"
        case jwksURI = "jwks_uri"
        case tokenEndpointAuthMethods = "token_endpoint_auth_methods_supported"
        case codeChallengeMethods = "code_challenge_methods_supported"
    }

    /// How the client authenticates at the token endpoint: HTTP Basic unless the provider only
    /// takes the secret in the form.
    package var clientAuthentication: OIDCClientAuthentication {
        let methods = tokenEndpointAuthMethods ?? ["client_secret_basic"]
        return !methods.contains("client_secret_basic") && methods.contains("client_secret_post") ? .post : .basic
    }
}

/// Where the client's secret goes at the token endpoint.
package enum OIDCClientAuthentication: Sendable, Equatable {
    /// `client_secret_basic`: an `Authorization: Basic` header.
    case basic
    /// `client_secret_post`: `client_id` and `client_secret` in the form.
    case post
}
