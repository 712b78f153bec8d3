import Foundation
import Hummingbird
import JWTKit
import LinkService
import NIOCore
import TestSupport

/// A small OpenID provider of the test's own on 127.0.0.1 (a real HTTP server): a discovery
/// document, a JWKS of the keys the test publishes, and a token endpoint that answers with the ID
/// token the test set. For the tokens `oidc-provider-mock` will not make: signed by a key it does
/// not publish, for another audience.
final class TestIDTokenIssuer: Sendable {
    private struct State {
        var published: [String: ES256PrivateKey] = [:]
        var idToken = ""
        var tokenRequests = 0
        var jwksRequests = 0
    }

    private let state = Locked(State())

    /// The keys whose public halves the JWKS lists, by `kid`.
    func publish(_ key: ES256PrivateKey, kid: String) {
        state.withLock { $0.published[kid] = key }
    }

    /// The ID token the next exchanges answer with.
    func answer(with idToken: String) {
        state.withLock { $0.idToken = idToken }
    }

    var jwksRequests: Int { state.withLock { $0.jwksRequests } }

    /// `claims` signed with `key`, its header naming `kid`.
    static func sign(_ claims: IDTokenClaims, with key: ES256PrivateKey, kid: String) async throws -> String {
        let keys = JWTKeyCollection()
        await keys.add(ecdsa: key, kid: JWKIdentifier(string: kid))
        return try await keys.sign(claims, kid: JWKIdentifier(string: kid))
    }

    /// Runs the issuer while `body` runs, with its issuer URL.
    func run<Result: Sendable>(_ body: @Sendable @escaping (_ issuer: String) async throws -> Result) async throws
        -> Result
    {
        let router = Router()
        let issuerBox = Locked("")
        router.get("/.well-known/openid-configuration") { _, _ -> Response in
            let issuer = issuerBox.withLock { $0 }
            let document: [String: Any] = [
                "issuer": issuer, "authorization_endpoint": issuer + "/authorize", "token_endpoint": issuer + "/token",
                "jwks_uri": issuer + "/jwks", "token_endpoint_auth_methods_supported": ["client_secret_post"],
                "id_token_signing_alg_values_supported": ["ES256"],
            ]
            return Self.json(document)
        }
        router.get("/jwks") { [state] _, _ -> Response in
            let keys = state.withLock { state -> [[String: String]] in
                state.jwksRequests += 1
                return state.published.sorted { $0.key < $1.key }.map { kid, key in
                    let point = key.publicKey.parameters!
                    return [
                        "kty": "EC", "crv": "P-256", "kid": kid, "alg": "ES256", "use": "sig", "x": point.x,
                        "y": point.y,
                    ]
                }
            }
            return Self.json(["keys": keys])
        }
        router.post("/token") { [state] _, _ -> Response in
            let token = state.withLock { state -> String in
                state.tokenRequests += 1
                return state.idToken
            }
            return Self.json(["access_token": "at", "token_type": "Bearer", "expires_in": 60, "id_token": token])
        }
        return try await LoopbackServer.run(router) { port in
            let issuer = "http://127.0.0.1:\(port)"
            issuerBox.withLock { $0 = issuer }
            return try await body(issuer)
        }
    }

    private static func json(_ object: Any) -> Response {
        let data = (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
        return Response(
            status: .ok, headers: [.contentType: "application/json"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
