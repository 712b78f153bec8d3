import Foundation
import JWTKit
import LinkCore
import LinkService
import LinkServiceTesting
import Testing

/// Single sign-on against a real OpenID Connect provider on loopback (PyPI's `oidc-provider-mock`),
/// and against an issuer of the test's own for the tokens that provider will not make: each
/// refusal names the check that failed.
@Suite(
    "OpenID Connect sign-in",
    .enabled(if: OIDCTestProvider.isAvailable, Comment(rawValue: OIDCTestProvider.skipNote)))
struct OIDCSignInTests {
    static let users = ["ada": ["email": "ada@example.com", "email_verified": "true"]]

    static func settings(issuer: String, clientID: String = "wayfinder-console") -> OIDCClientSettings {
        OIDCClientSettings(
            issuer: issuer, clientID: clientID, clientSecret: "console-secret",
            redirectURI: "http://127.0.0.1:9/admin/sso/callback")
    }

    /// Runs `body` with a provider started for it, stopped afterwards.
    static func withProvider(tokenLifetime: Int = 3600, _ body: (OIDCTestProvider) async throws -> Void)
        async throws
    {
        let provider = try await OIDCTestProvider.start(users: users, tokenLifetime: tokenLifetime)
        defer { provider.stop() }
        try await body(provider)
    }

    /// `body`'s refusal, or a failure naming what it returned instead.
    static func refusal(_ body: () async throws(OIDCSignInError) -> some Any) async -> OIDCSignInError? {
        do {
            let value = try await body()
            Issue.record("signed in, expected a refusal: \(value)")
            return nil
        } catch {
            return error
        }
    }

    @Test("a person who approves at the provider comes back as a verified identity with their email")
    func happyPath() async throws {
        try await Self.withProvider { provider in
            let party = OIDCRelyingParty(settings: Self.settings(issuer: provider.issuer))
            let url = try await party.start(browser: "browser-1", invitation: "wfi_invite")
            #expect(SignInBrowser.query("code_challenge_method", of: url) == "S256")
            #expect(SignInBrowser.query("code_challenge", of: url)?.count == 43)
            #expect(SignInBrowser.query("nonce", of: url) != nil)
            let callback = try await SignInBrowser.approve(url, as: "ada")
            #expect(callback["state"] == SignInBrowser.query("state", of: url))
            let identity = try await party.finish(query: callback, browser: "browser-1")
            #expect(identity.subject == "ada")
            #expect(identity.email == "ada@example.com")
            #expect(identity.issuer == provider.issuer)
            #expect(identity.invitation == "wfi_invite")
            #expect(identity.emailVerified == true)
        }
    }

    @Test("a callback with a state this server never issued, or another browser's, signs nobody in")
    func wrongState() async throws {
        try await Self.withProvider { provider in
            let party = OIDCRelyingParty(settings: Self.settings(issuer: provider.issuer))
            let url = try await party.start(browser: "browser-1")
            var callback = try await SignInBrowser.approve(url, as: "ada")
            let issued = callback["state"]!
            callback["state"] = "made-up-state"
            #expect(
                await Self.refusal { () async throws(OIDCSignInError) in
                    try await party.finish(query: callback, browser: "browser-1")
                } == .unknownState)
            callback["state"] = issued
            #expect(
                await Self.refusal { () async throws(OIDCSignInError) in
                    try await party.finish(query: callback, browser: "browser-2")
                } == .stateFromAnotherBrowser)
            #expect(
                await Self.refusal { () async throws(OIDCSignInError) in
                    try await party.finish(query: callback, browser: nil)
                } == .unknownState)
        }
    }

    @Test("a replayed callback is refused, and the provider refuses its code a second time")
    func replayedCode() async throws {
        try await Self.withProvider { provider in
            let party = OIDCRelyingParty(settings: Self.settings(issuer: provider.issuer))
            let url = try await party.start(browser: "browser-1")
            let callback = try await SignInBrowser.approve(url, as: "ada")
            _ = try await party.finish(query: callback, browser: "browser-1")
            #expect(
                await Self.refusal { () async throws(OIDCSignInError) in
                    try await party.finish(query: callback, browser: "browser-1")
                } == .unknownState)
            let refusal = await Self.refusal { () async throws(OIDCSignInError) in
                try await party.exchange(code: callback["code"]!, verifier: PKCE().verifier)
            }
            guard case .tokenEndpointRefused(let status, let error) = refusal else {
                Issue.record("expected the token endpoint to refuse the used code, got \(String(describing: refusal))")
                return
            }
            #expect(status == 400)
            #expect(error == "invalid_grant")
        }
    }

    @Test("an ID token past its exp (beyond the allowed skew) is refused")
    func expiredIDToken() async throws {
        try await Self.withProvider(tokenLifetime: 1) { provider in
            let clock = ManualClock()
            let party = OIDCRelyingParty(settings: Self.settings(issuer: provider.issuer), clock: clock.clock)
            let url = try await party.start(browser: "browser-1")
            let callback = try await SignInBrowser.approve(url, as: "ada")
            clock.advance(by: .seconds(120))
            let refusal = await Self.refusal { () async throws(OIDCSignInError) in
                try await party.finish(query: callback, browser: "browser-1")
            }
            guard case .expired = refusal else {
                Issue.record("expected an expiry refusal, got \(String(describing: refusal))")
                return
            }
        }
    }

    @Test("an ID token without the nonce the sign-in sent is refused")
    func missingNonce() async throws {
        try await Self.withProvider { provider in
            let party = OIDCRelyingParty(settings: Self.settings(issuer: provider.issuer))
            let url = try await party.start(browser: "browser-1")
            let callback = try await SignInBrowser.approve(SignInBrowser.removing("nonce", from: url), as: "ada")
            #expect(
                await Self.refusal { () async throws(OIDCSignInError) in
                    try await party.finish(query: callback, browser: "browser-1")
                } == .nonceMissing)
        }
    }

    @Test("a discovery document naming another issuer is refused before any sign-in starts")
    func issuerMismatch() async throws {
        try await Self.withProvider { provider in
            // The provider's issuer has no trailing slash; one more is another issuer.
            let configured = provider.issuer + "/"
            let party = OIDCRelyingParty(settings: Self.settings(issuer: configured))
            let refusal = await Self.refusal { () async throws(OIDCSignInError) in try await party.start(browser: "b") }
            #expect(refusal == .issuerMismatch(configured: configured, discovered: provider.issuer))
        }
    }

    // MARK: - Tokens of the test's own issuer

    /// Claims as the issuer would make them for the sign-in `url` started.
    static func claims(issuer: String, url: String, audience: [String] = ["wayfinder-console"]) -> IDTokenClaims {
        IDTokenClaims(
            iss: issuer, sub: "ada", aud: audience, exp: Date().addingTimeInterval(300), iat: Date(),
            nonce: SignInBrowser.query("nonce", of: url), email: "ada@example.com")
    }

    /// Starts a sign-in, has the issuer answer with `token(url)`, and finishes it.
    static func signIn(
        _ party: OIDCRelyingParty, _ issuer: TestIDTokenIssuer, token: (String) async throws -> String
    ) async throws -> Result<OIDCIdentity, OIDCSignInError> {
        let url = try await party.start(browser: "browser-1")
        issuer.answer(with: try await token(url))
        let callback = ["state": SignInBrowser.query("state", of: url)!, "code": "code-1"]
        do throws(OIDCSignInError) {
            return .success(try await party.finish(query: callback, browser: "browser-1"))
        } catch {
            return .failure(error)
        }
    }

    @Test("the test's own issuer's good token passes, so its refusals below are the checks'")
    func ownIssuerAccepts() async throws {
        let issuer = TestIDTokenIssuer()
        let key = ES256PrivateKey()
        issuer.publish(key, kid: "a")
        try await issuer.run { url in
            let party = OIDCRelyingParty(settings: Self.settings(issuer: url))
            let result = try await Self.signIn(party, issuer) { start in
                try await TestIDTokenIssuer.sign(Self.claims(issuer: url, url: start), with: key, kid: "a")
            }
            #expect(try result.get().email == "ada@example.com")
        }
    }

    @Test("an ID token signed by a second key under the provider's kid fails its signature")
    func secondKey() async throws {
        let issuer = TestIDTokenIssuer()
        issuer.publish(ES256PrivateKey(), kid: "a")
        try await issuer.run { url in
            let party = OIDCRelyingParty(settings: Self.settings(issuer: url))
            let result = try await Self.signIn(party, issuer) { start in
                try await TestIDTokenIssuer.sign(
                    Self.claims(issuer: url, url: start), with: ES256PrivateKey(), kid: "a")
            }
            #expect(throws: OIDCSignInError.badSignature) { try result.get() }
        }
    }

    @Test("an ID token under a kid the JWKS lacks is refused after one fresh read of the JWKS")
    func unknownKeyRefetches() async throws {
        let issuer = TestIDTokenIssuer()
        issuer.publish(ES256PrivateKey(), kid: "a")
        try await issuer.run { url in
            let clock = ManualClock()
            let party = OIDCRelyingParty(settings: Self.settings(issuer: url), clock: clock.clock)
            let rotated = ES256PrivateKey()
            let first = try await Self.signIn(party, issuer) { start in
                try await TestIDTokenIssuer.sign(Self.claims(issuer: url, url: start), with: rotated, kid: "b")
            }
            #expect(throws: OIDCSignInError.unknownSigningKey(kid: "b")) { try first.get() }
            // The provider rotates: key b is published, and a token under it is accepted once the
            // JWKS may be read again.
            issuer.publish(rotated, kid: "b")
            clock.advance(by: .seconds(31))
            let second = try await Self.signIn(party, issuer) { start in
                try await TestIDTokenIssuer.sign(Self.claims(issuer: url, url: start), with: rotated, kid: "b")
            }
            #expect(try second.get().subject == "ada")
            #expect(issuer.jwksRequests == 2)
        }
    }

    @Test("an ID token issued to another client (aud) is refused")
    func wrongAudience() async throws {
        let issuer = TestIDTokenIssuer()
        let key = ES256PrivateKey()
        issuer.publish(key, kid: "a")
        try await issuer.run { url in
            let party = OIDCRelyingParty(settings: Self.settings(issuer: url))
            let result = try await Self.signIn(party, issuer) { start in
                try await TestIDTokenIssuer.sign(
                    Self.claims(issuer: url, url: start, audience: ["another-app"]), with: key, kid: "a")
            }
            #expect(throws: OIDCSignInError.wrongAudience(expected: "wayfinder-console", found: ["another-app"])) {
                try result.get()
            }
        }
    }

    @Test("an ID token from another issuer, or with another sign-in's nonce, is refused")
    func wrongIssuerAndNonce() async throws {
        let issuer = TestIDTokenIssuer()
        let key = ES256PrivateKey()
        issuer.publish(key, kid: "a")
        try await issuer.run { url in
            let party = OIDCRelyingParty(settings: Self.settings(issuer: url))
            let foreign = try await Self.signIn(party, issuer) { start in
                var claims = Self.claims(issuer: url, url: start)
                claims.iss = "https://elsewhere.example.com"
                return try await TestIDTokenIssuer.sign(claims, with: key, kid: "a")
            }
            #expect(throws: OIDCSignInError.wrongIssuer(expected: url, found: "https://elsewhere.example.com")) {
                try foreign.get()
            }
            let replayed = try await Self.signIn(party, issuer) { start in
                var claims = Self.claims(issuer: url, url: start)
                claims.nonce = "another-sign-ins-nonce"
                return try await TestIDTokenIssuer.sign(claims, with: key, kid: "a")
            }
            #expect(throws: OIDCSignInError.nonceMismatch) { try replayed.get() }
        }
    }
}
