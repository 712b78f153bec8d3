import AsyncHTTPClient
import Foundation
import JWTKit
import LinkCore
import NIOCore
import NIOHTTP1

/// Signs people in through an OpenID Connect provider (authorization code flow with PKCE, `state`
/// and `nonce`): ``start(browser:invitation:)`` makes the URL the browser is sent to,
/// ``finish(query:browser:)`` takes the provider's answer and returns who signed in, or the
/// ``OIDCSignInError`` naming the check that failed.
///
/// The discovery document is read once (its issuer must be the configured one); the JWKS is kept
/// by ``OIDCKeySet``. ID tokens are checked for signature, `iss`, `aud`, `exp` (with
/// ``clockSkew``) and `nonce`.
package actor OIDCRelyingParty {
    package let settings: OIDCClientSettings
    package let flows: OIDCFlowStore
    /// How far the provider's clock may be ahead of this one when `exp` is compared.
    package let clockSkew: TimeInterval
    /// Signing algorithms accepted in an ID token's header; never `none`, never a shared secret.
    package static let algorithms: Set<String> = [
        "RS256", "RS384", "RS512", "PS256", "PS384", "PS512", "ES256", "ES384", "ES512", "EdDSA",
    ]
    private let client: HTTPClient
    private let clock: ServiceClock
    private var provider: (metadata: OIDCProviderMetadata, keys: OIDCKeySet)?

    package init(
        settings: OIDCClientSettings, client: HTTPClient = .shared, clock: ServiceClock = .system,
        flows: OIDCFlowStore? = nil, clockSkew: TimeInterval = 60
    ) {
        self.settings = settings
        self.client = client
        self.clock = clock
        self.flows = flows ?? OIDCFlowStore(clock: clock)
        self.clockSkew = clockSkew
    }

    /// The provider's discovery document, read at the first call (and again after a failure).
    package func metadata() async throws(OIDCSignInError) -> OIDCProviderMetadata {
        try await discovered().metadata
    }

    /// Starts a sign-in for the browser whose sign-in cookie holds `browser` (a random value the
    /// caller sets): the URL to send the browser to.
    package func start(browser: String, invitation: String? = nil) async throws(OIDCSignInError) -> String {
        let metadata = try await discovered().metadata
        let pkce = PKCE()
        let nonce = RandomText.make(length: 32, from: RandomText.lettersAndDigits)
        let state = flows.begin(browser: browser, nonce: nonce, pkce: pkce, invitation: invitation)
        let query: [(String, String)] = [
            ("response_type", "code"), ("client_id", settings.clientID), ("redirect_uri", settings.redirectURI),
            ("scope", settings.scopes.joined(separator: " ")), ("state", state), ("nonce", nonce),
            ("code_challenge", pkce.challenge), ("code_challenge_method", PKCE.method),
        ]
        let separator = metadata.authorizationEndpoint.contains("?") ? "&" : "?"
        return metadata.authorizationEndpoint + separator + Self.formEncoded(query)
    }

    /// Finishes the sign-in the provider's callback (its query items) answers, for the browser
    /// whose sign-in cookie holds `browser` (`nil` when it has none).
    package func finish(query: [String: String], browser: String?) async throws(OIDCSignInError) -> OIDCIdentity {
        guard let state = query["state"] else { throw .unknownState }
        let signIn = try flows.take(state: state, browser: browser)
        if let error = query["error"] {
            throw .providerRefused(error: error, description: query["error_description"])
        }
        guard let code = query["code"], !code.isEmpty else { throw .missingCode }
        let idToken = try await exchange(code: code, verifier: signIn.pkce.verifier)
        let claims = try await verify(idToken: idToken, nonce: signIn.nonce)
        return OIDCIdentity(
            issuer: settings.issuer, subject: claims.sub ?? "", email: claims.email,
            emailVerified: claims.emailVerified,
            invitation: signIn.invitation)
    }

    /// The claims of `idToken` once it passed every check: signature, `iss`, `aud`, `exp`, `nonce`.
    package func verify(idToken: String, nonce: String) async throws(OIDCSignInError) -> IDTokenClaims {
        let keys = try await discovered().keys
        let header = try Self.header(of: idToken)
        guard let algorithm = header.alg, Self.algorithms.contains(algorithm) else {
            throw .malformedIDToken("signing algorithm \(header.alg ?? "none") is not accepted")
        }
        let claims = try await keys.verifiedClaims(of: idToken, kid: header.kid)
        guard claims.iss == settings.issuer else { throw .wrongIssuer(expected: settings.issuer, found: claims.iss) }
        let audience = claims.aud?.value ?? []
        guard audience.contains(settings.clientID) else {
            throw .wrongAudience(expected: settings.clientID, found: audience)
        }
        guard let expiry = claims.exp else { throw .malformedIDToken("no exp claim") }
        let expiresAt = Date(timeIntervalSince1970: expiry)
        guard expiresAt.addingTimeInterval(clockSkew) > clock.now() else { throw .expired(at: expiresAt) }
        guard let carried = claims.nonce else { throw .nonceMissing }
        guard ConstantTime.equal(Array(carried.utf8), Array(nonce.utf8)) else { throw .nonceMismatch }
        guard claims.sub?.isEmpty == false else { throw .malformedIDToken("no sub claim") }
        return claims
    }

    /// Exchanges `code` at the token endpoint; the `id_token` of the answer.
    package func exchange(code: String, verifier: String) async throws(OIDCSignInError) -> String {
        let metadata = try await discovered().metadata
        var form: [(String, String)] = [
            ("grant_type", "authorization_code"), ("code", code), ("redirect_uri", settings.redirectURI),
            ("code_verifier", verifier),
        ]
        var request = HTTPClientRequest(url: metadata.tokenEndpoint)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/x-www-form-urlencoded")
        request.headers.add(name: "Accept", value: "application/json")
        switch metadata.clientAuthentication {
        case .basic:
            // RFC 6749 §2.3.1: each part form-encoded before it is joined and base64-encoded.
            let credentials = Self.formComponent(settings.clientID) + ":" + Self.formComponent(settings.clientSecret)
            request.headers.add(name: "Authorization", value: "Basic " + Data(credentials.utf8).base64EncodedString())
        case .post:
            form += [("client_id", settings.clientID), ("client_secret", settings.clientSecret)]
        }
        request.body = .bytes(ByteBuffer(string: Self.formEncoded(form)))
        let (status, body) = try await send(request) { .tokenEndpointRefused(status: 0, error: $0) }
        let answer = try? JSONDecoder().decode(TokenResponse.self, from: Data(body.readableBytesView))
        guard status == .ok else { throw .tokenEndpointRefused(status: Int(status.code), error: answer?.error) }
        guard let answer else { throw .malformedTokenResponse("the answer is not JSON") }
        guard let idToken = answer.idToken, !idToken.isEmpty else {
            throw .malformedTokenResponse("the answer has no id_token (is the scope openid requested?)")
        }
        return idToken
    }

    private struct TokenResponse: Decodable {
        var idToken: String?
        var error: String?
        enum CodingKeys: String, CodingKey {
            case idToken = "id_token"
            case error
        }
    }

    private struct Header: Decodable {
        var alg: String?
        var kid: String?
    }

    private static func header(of token: String) throws(OIDCSignInError) -> Header {
        let parts = token.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 3 else { throw .malformedIDToken("\(parts.count) parts, not 3") }
        guard let bytes = Base64URL.decode(String(parts[0])),
            let header = try? JSONDecoder().decode(Header.self, from: Data(bytes))
        else { throw .malformedIDToken("the header is not base64url JSON") }
        return header
    }

    private func discovered() async throws(OIDCSignInError) -> (metadata: OIDCProviderMetadata, keys: OIDCKeySet) {
        if let provider { return provider }
        guard let url = URL(string: settings.issuer), let scheme = url.scheme, let host = url.host else {
            throw .discoveryFailed("\(settings.issuer) is not a URL")
        }
        guard scheme == "https" || (scheme == "http" && ["127.0.0.1", "localhost", "::1", "[::1]"].contains(host))
        else {
            throw .insecureIssuer(settings.issuer)
        }
        let trimmed = settings.issuer.hasSuffix("/") ? String(settings.issuer.dropLast()) : settings.issuer
        let (status, body) = try await send(HTTPClientRequest(url: trimmed + "/.well-known/openid-configuration")) {
            .discoveryFailed($0)
        }
        guard status == .ok else { throw .discoveryFailed("the provider answered \(status.code)") }
        let metadata: OIDCProviderMetadata
        do {
            metadata = try JSONDecoder().decode(OIDCProviderMetadata.self, from: Data(body.readableBytesView))
        } catch {
            throw .discoveryFailed("not a discovery document: \(error)")
        }
        guard metadata.issuer == settings.issuer else {
            throw .issuerMismatch(configured: settings.issuer, discovered: metadata.issuer)
        }
        let found = (metadata, OIDCKeySet(url: metadata.jwksURI, client: client, clock: clock))
        provider = found
        return found
    }

    /// `request`'s status and body (1 MiB at most); a request that got no answer is
    /// `unanswered`'s error, given what went wrong.
    private func send(_ request: HTTPClientRequest, unanswered: (String) -> OIDCSignInError)
        async throws(OIDCSignInError) -> (HTTPResponseStatus, ByteBuffer)
    {
        do {
            let response = try await client.execute(request, timeout: .seconds(10))
            return (response.status, try await response.body.collect(upTo: 1 << 20))
        } catch {
            throw unanswered("\(request.url) did not answer: \(error)")
        }
    }

    /// `application/x-www-form-urlencoded` of `pairs`.
    package static func formEncoded(_ pairs: [(String, String)]) -> String {
        pairs.map { formComponent($0.0) + "=" + formComponent($0.1) }.joined(separator: "&")
    }

    private static let unreserved = CharacterSet(
        charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")

    private static func formComponent(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: unreserved) ?? text
    }
}
