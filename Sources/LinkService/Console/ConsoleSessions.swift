import Crypto
import Foundation
import HTTPTypes
import Hummingbird

/// Console sign-in: server-side sessions behind a cookie.
///
/// The cookie carries a random session id (256 bits); the store keeps only its SHA-256, the
/// tenant, the hash of the API key used to sign in, the session's CSRF token and when it was
/// last used. A session ends when it is idle longer than the configured time, when its key is
/// revoked, or on "Sign out"; being in the store, it works on every instance behind one database.
struct ConsoleSessions: Sendable {
    let store: CachingLinkStore
    let keys: APIKeyCache
    /// ``LinkServiceConfiguration/consoleIdleTimeout``.
    let idleTimeout: Duration
    let clock: ServiceClock

    static let cookieName = "wayfinder_console"
    /// A request refreshes the stored last use at most this often (not a write per page view).
    static let touchInterval: TimeInterval = 60

    /// A signed-in request: its session, tenant and the session id from its cookie.
    struct SignedIn: Sendable {
        let session: ConsoleSession
        let tenant: Tenant
    }

    /// Opens a session for the tenant of `key`; `nil` when the key is unknown or revoked. Returns
    /// the cookie value (the session id) to hand to the browser.
    func signIn(key: String) async throws -> (id: String, session: ConsoleSession)? {
        let keyHash = APIKey.hash(key.trimmingCharacters(in: .whitespacesAndNewlines))
        guard let tenant = try await keys.tenant(ofKeyHash: keyHash) else { return nil }
        let id = RandomText.make(length: 43, from: RandomText.lettersAndDigits)
        let now = clock.now().truncatedToMilliseconds
        let session = ConsoleSession(
            idHash: APIKey.hash(id), tenant: tenant.id, keyHash: keyHash,
            csrfToken: RandomText.make(length: 32, from: RandomText.lettersAndDigits), createdAt: now,
            lastUsedAt: now)
        try await store.insertSession(session)
        // Now and then, forget sessions that ended by idling.
        if Int.random(in: 0..<20) == 0 {
            _ = try? await store.deleteSessions(lastUsedBefore: now.addingTimeInterval(-idleTimeout.timeInterval))
        }
        return (id, session)
    }

    /// The live session of the request's cookie, refreshed; `nil` without one (none, unknown,
    /// idle too long, or its key revoked: the last two are deleted).
    func current(_ request: Request) async throws -> SignedIn? {
        let now = clock.now()
        guard let id = Self.sessionID(in: request) else { return nil }
        let idHash = APIKey.hash(id)
        guard let session = try await store.session(idHash: idHash) else { return nil }
        guard now.timeIntervalSince(session.lastUsedAt) < idleTimeout.timeInterval,
            let tenant = try await keys.tenant(ofKeyHash: session.keyHash), tenant.id == session.tenant
        else {
            _ = try await store.deleteSession(idHash: idHash)
            return nil
        }
        if now.timeIntervalSince(session.lastUsedAt) >= Self.touchInterval {
            try await store.touchSession(idHash: idHash, at: now.truncatedToMilliseconds)
        }
        return SignedIn(session: session, tenant: tenant)
    }

    /// Ends the request's session on the server (the one its cookie names, if any).
    func signOut(_ request: Request) async throws {
        guard let id = Self.sessionID(in: request) else { return }
        try await end(idHash: APIKey.hash(id))
    }

    /// Ends the session with this id hash on the server.
    func end(idHash: String) async throws {
        _ = try await store.deleteSession(idHash: idHash)
    }

    /// Whether `token` is the session's CSRF token (compared in constant time).
    static func isValidCSRF(_ token: String?, for session: ConsoleSession) -> Bool {
        isSameToken(token, session.csrfToken)
    }

    static func isSameToken(_ token: String?, _ expected: String) -> Bool {
        guard let token else { return false }
        return ConstantTime.equal(Array(token.utf8), Array(expected.utf8))
    }

    // MARK: Cookie

    /// The cookie of a new session: `HttpOnly`, `SameSite=Strict`, path `/admin`, `Secure` over
    /// TLS. No `Max-Age`: the browser forgets it when it closes, the server when it idles.
    static func cookie(id: String, secure: Bool) -> Cookie {
        Cookie(name: cookieName, value: id, path: "/admin", secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// The cookie that removes the session cookie.
    static func removalCookie(secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: "", maxAge: 0, path: "/admin", secure: secure, httpOnly: true, sameSite: .strict)
    }

    static func sessionID(in request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, !value.isEmpty else { return nil }
        return value
    }
}
