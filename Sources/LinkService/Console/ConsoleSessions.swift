import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import LinkStorage

/// Console sign-in: server-side sessions behind a cookie.
///
/// The cookie carries a random session id (256 bits); the store keeps only its SHA-256, the
/// tenant, the hash of the API key used to sign in or the id of the person who did, the session's
/// CSRF token and when it was made and last used. A session ends when it is idle longer than the
/// configured time, when it is older than its lifetime (however active), when its key is revoked
/// or its person leaves the tenant, or on "Sign out"; being in the store, it works on every
/// instance behind one database. Every request reads the actor afresh: a person's new role counts
/// from their next request.
///
/// Over TLS the cookie is `__Host-wayfinder_console` (`Secure`, `Path=/`, no `Domain`): a browser
/// takes such a cookie only from this very host over TLS, so a sibling subdomain cannot set or
/// shadow it. Over plain HTTP it is `wayfinder_console`, for `/admin`.
package struct ConsoleSessions: Sendable {
    package let store: CachingLinkStore
    package let keys: APIKeyCache
    /// The tenants a person's session may be in.
    package let tenants: TenantDirectory
    /// ``LinkServiceConfiguration/consoleIdleTimeout``.
    package let idleTimeout: Duration
    /// ``LinkServiceConfiguration/consoleSessionLifetime``.
    package let lifetime: Duration
    package let clock: ServiceClock

    package static let cookieName = "wayfinder_console"
    /// The cookie's name over TLS.
    package static let secureCookieName = "__Host-" + cookieName
    /// A request refreshes the stored last use at most this often (not a write per page view).
    package static let touchInterval: TimeInterval = 60

    /// A signed-in request: its session, tenant, and who is signed in with what they may do.
    package struct SignedIn: Sendable {
        package let session: ConsoleSession
        package let tenant: Tenant
        /// The session's key (with its scopes) or person (with their role in ``tenant``).
        package let actor: Actor
        /// The person signed in; `nil` for a key's session.
        package var person: Person? = nil
        /// The person's tenants, for the tenant switcher (empty for a key's session).
        package var memberships: [Membership] = []

        package init(
            session: ConsoleSession, tenant: Tenant, actor: Actor, person: Person? = nil,
            memberships: [Membership] = []
        ) {
            self.session = session
            self.tenant = tenant
            self.actor = actor
            self.person = person
            self.memberships = memberships
        }

        /// Whether the session's actor may do what `permission` allows.
        package func may(_ permission: Permission) -> Bool { actor.may(permission) }
    }

    /// Opens a session for the tenant of `key`; `nil` when the key is unknown or revoked. Returns
    /// the cookie value (the session id) to hand to the browser.
    package func signIn(key: String) async throws -> (id: String, session: ConsoleSession)? {
        let keyHash = APIKey.hash(key.trimmingCharacters(in: .whitespacesAndNewlines))
        guard let tenant = try await keys.tenant(ofKeyHash: keyHash) else { return nil }
        return try await open(tenant: tenant.id, keyHash: keyHash, personID: nil)
    }

    /// Opens a session for `person` in `tenant` (the caller checked their sign-in and membership).
    /// Returns the cookie value (the session id) to hand to the browser.
    package func signIn(person: Person, tenant: String) async throws -> (id: String, session: ConsoleSession) {
        try await open(tenant: tenant, keyHash: "", personID: person.id)
    }

    private func open(tenant: String, keyHash: String, personID: String?) async throws -> (
        id: String, session: ConsoleSession
    ) {
        let id = RandomText.make(length: 43, from: RandomText.lettersAndDigits)
        let now = clock.now().truncatedToMilliseconds
        let session = ConsoleSession(
            idHash: APIKey.hash(id), tenant: tenant, keyHash: keyHash, personID: personID,
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
    /// idle too long, past its lifetime, its key revoked or its person out of the tenant: the
    /// last four are deleted).
    package func current(_ request: Request, overTLS: Bool) async throws -> SignedIn? {
        let now = clock.now()
        guard let id = Self.sessionID(in: request, overTLS: overTLS) else { return nil }
        let idHash = APIKey.hash(id)
        guard let session = try await store.session(idHash: idHash) else { return nil }
        guard now.timeIntervalSince(session.lastUsedAt) < idleTimeout.timeInterval,
            now.timeIntervalSince(session.createdAt) < lifetime.timeInterval,
            let signedIn = try await actor(of: session)
        else {
            _ = try await store.deleteSession(idHash: idHash)
            return nil
        }
        if now.timeIntervalSince(session.lastUsedAt) >= Self.touchInterval {
            try await store.touchSession(idHash: idHash, at: now.truncatedToMilliseconds)
        }
        return signedIn
    }

    /// Who `session` signs in, as of now: its key's tenant and scopes, or its person's role in
    /// the session's tenant; `nil` when the key is revoked or the person left the tenant.
    private func actor(of session: ConsoleSession) async throws -> SignedIn? {
        if let personID = session.personID {
            guard let person = try await store.person(id: personID) else { return nil }
            let memberships = try await store.memberships(personID: personID)
            guard let membership = memberships.first(where: { $0.tenant == session.tenant }),
                let tenant = tenants.tenant(id: session.tenant)
            else { return nil }
            return SignedIn(
                session: session, tenant: tenant,
                actor: Actor(.person(email: person.email, role: membership.role), tenant: tenant.id), person: person,
                memberships: memberships.filter { tenants.tenant(id: $0.tenant) != nil })
        }
        guard let found = try await keys.key(hash: session.keyHash), found.tenant.id == session.tenant else {
            return nil
        }
        return SignedIn(session: session, tenant: found.tenant, actor: found.actor)
    }

    /// Ends the request's session on the server (the one its cookie names, if any).
    package func signOut(_ request: Request, overTLS: Bool) async throws {
        guard let id = Self.sessionID(in: request, overTLS: overTLS) else { return }
        try await end(idHash: APIKey.hash(id))
    }

    /// Ends the session with this id hash on the server.
    package func end(idHash: String) async throws {
        _ = try await store.deleteSession(idHash: idHash)
    }

    /// Whether `token` is the session's CSRF token (compared in constant time).
    package static func isValidCSRF(_ token: String?, for session: ConsoleSession) -> Bool {
        isSameToken(token, session.csrfToken)
    }

    package static func isSameToken(_ token: String?, _ expected: String) -> Bool {
        guard let token else { return false }
        return ConstantTime.equal(Array(token.utf8), Array(expected.utf8))
    }

    // MARK: Cookie

    /// The cookie of a new session: `HttpOnly`, `SameSite=Strict`; over TLS `Secure` with the
    /// `__Host-` prefix (which requires `Path=/`), else for `/admin`. No `Max-Age`: the browser
    /// forgets it when it closes, the server when it idles or reaches its lifetime.
    package static func cookie(id: String, secure: Bool) -> Cookie {
        Cookie(
            name: secure ? secureCookieName : cookieName, value: id, path: secure ? "/" : "/admin", secure: secure,
            httpOnly: true, sameSite: .strict)
    }

    /// The cookie that removes the session cookie.
    package static func removalCookie(secure: Bool) -> Cookie {
        Cookie(
            name: secure ? secureCookieName : cookieName, value: "", maxAge: 0, path: secure ? "/" : "/admin",
            secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// The session id of the request's cookie: over TLS only the `__Host-` one counts.
    package static func sessionID(in request: Request, overTLS: Bool) -> String? {
        guard let value = request.cookies[overTLS ? secureCookieName : cookieName]?.value, !value.isEmpty else {
            return nil
        }
        return value
    }
}
