import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import LinkStorage
import Logging

// Signing in to the console: a person with an email, a password and (when they enrolled one) a
// one-time code; an API key while key sign-in is on; signing out, and a person's tenant switcher.
// Every attempt, refused ones too, is in the audit log; every path is rate limited per client
// address and its form carries the browser's sign-in token (``ConsoleSignInToken``).
extension Console {
    /// The sign-in page, its forms carrying the browser's ``ConsoleSignInToken`` (a new one, set
    /// as a cookie, when the request has none).
    func signInPage(
        _ request: Request, _ context: LinkRequestContext, error: String? = nil, notice: String? = nil,
        email: String = "", status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let (token, cookie) = signInToken(request, context)
        let page = ConsoleSignInPage(
            layout: ConsoleLayout(title: "Sign in", notice: notice), error: error, csrf: token,
            keySignIn: try await takesKeys(), sso: oidc != nil, email: email)
        var response = html(pages.render(page), status: status)
        if let cookie { response.setCookie(cookie) }
        return response
    }

    /// The browser's sign-in token, and the cookie to set when it had none.
    func signInToken(_ request: Request, _ context: LinkRequestContext) -> (String, Cookie?) {
        if let existing = ConsoleSignInToken.current(in: request) { return (existing, nil) }
        let token = ConsoleSignInToken.make()
        return (token, ConsoleSignInToken.cookie(token, secure: addressing.cameOverTLS(request, context: context)))
    }

    /// Whether the sign-in page takes API keys: as configured, else while no person exists.
    func takesKeys() async throws -> Bool {
        if let keySignIn { return keySignIn }
        return try await !store.hasPeople()
    }

    /// `Retry-After` seconds when the client has made too many sign-in attempts.
    func signInWait(_ request: Request, _ context: some RemoteAddressRequestContext) -> Int? {
        signInLimiter.acquire(addressing.rateLimitBucket(of: request, context: context))
    }

    func signIn(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        try addressing.checkSameOrigin(request, context: context)
        let client = addressing.rateLimitBucket(of: request, context: context)
        if let wait = signInWait(request, context) {
            var response = try await signInPage(
                request, context, error: "Too many sign-in attempts from your address; try again in \(wait) seconds.",
                status: .tooManyRequests)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let form = try await ConsoleForm.read(request, limit: maxBodySize)
        guard ConsoleSignInToken.isValid(form["csrf"], for: request) else {
            logger.notice(
                "console sign-in without its form's token", metadata: ["client": "\(addressing.logged(client))"])
            return try await signInPage(
                request, context,
                error:
                    "This sign-in form has expired or did not come from this console, so nobody was signed in. Try again.",
                status: .forbidden)
        }
        if form["key"] != nil { return try await signIn(key: form.text("key"), request, context) }
        return try await signIn(
            email: form.text("email"), password: form["password"] ?? "", code: form.text("code"), request, context)
    }

    private func signIn(key: String, _ request: Request, _ context: LinkRequestContext) async throws -> Response {
        let key = key.trimmingCharacters(in: .whitespacesAndNewlines)
        guard try await takesKeys() else {
            await recordSignIn(.signInRefused, tenant: "", actor: "anonymous", request, context)
            return try await signInPage(
                request, context,
                error:
                    "Signing in with an API key is turned off on this server (WAYFINDER_CONSOLE_KEY_SIGN_IN); sign in with your email. Nobody is signed in.",
                status: .forbidden)
        }
        let found = key.isEmpty ? nil : try await sessions.keys.key(hash: APIKey.hash(key))
        if let found, !found.actor.may(.readLinks) {
            await recordSignIn(.signInRefused, tenant: found.tenant.id, actor: found.actor.name, request, context)
            return try await signInPage(
                request, context,
                error: "That key's scopes do not include links:read, which the console needs. Nobody is signed in.",
                status: .forbidden)
        }
        guard let found, let opened = try await sessions.signIn(key: key) else {
            logger.notice(
                "console sign-in refused",
                metadata: ["client": "\(addressing.logged(addressing.rateLimitBucket(of: request, context: context)))"])
            await recordSignIn(.signInRefused, tenant: "", actor: "anonymous", request, context)
            return try await signInPage(
                request, context, error: "That API key is not valid: it is unknown or revoked. Nobody is signed in.",
                status: .unauthorized)
        }
        await recordSignIn(.signedIn, tenant: opened.session.tenant, actor: found.actor.name, request, context)
        return try await opening(opened, request, context)
    }

    private func signIn(
        email text: String, password: String, code: String, _ request: Request, _ context: LinkRequestContext
    ) async throws -> Response {
        let email = try? EmailAddress.normalised(text)
        let person: Person? = if let email { try await store.person(email: email) } else { nil }
        let matches = try await PasswordChecks.verifyPersonPassword(
            password, against: person?.passwordHash, on: passwords)
        let memberships = try await tenants(of: person)
        let refusedTenant = memberships.first?.tenant ?? ""
        let actor = person.map { "person:" + $0.email } ?? "anonymous"
        guard matches, var signingIn = person else {
            await recordSignIn(.signInRefused, tenant: refusedTenant, actor: actor, request, context)
            return try await signInPage(
                request, context, error: "The email or password is not right. Nobody is signed in.", email: text,
                status: .unauthorized)
        }
        guard try await acceptsOneTimeCode(code, of: &signingIn) else {
            await recordSignIn(.signInRefused, tenant: refusedTenant, actor: actor, request, context)
            return try await signInPage(
                request, context, error: Self.oneTimeCodeRefused + " Nobody is signed in.", email: text,
                status: .unauthorized)
        }
        guard let first = memberships.first else {
            await recordSignIn(.signInRefused, tenant: "", actor: actor, request, context)
            return try await signInPage(
                request, context,
                error: "You are not a member of any tenant on this server; ask an admin for an invitation.",
                email: text, status: .forbidden)
        }
        return try await open(signingIn, tenant: first.tenant, request, context)
    }

    /// What a refused one-time code is told.
    static let oneTimeCodeRefused =
        "The one-time code is missing or not right (each code is good once); enter the one your authenticator app shows now."

    /// Whether `code` is a current one-time code of `person` that was not used before: `true` for
    /// a person with no second factor. An accepted code's step is stored at once, so that the
    /// code is not good twice (on any path that asks for it).
    func acceptsOneTimeCode(_ code: String, of person: inout Person) async throws -> Bool {
        guard let secret = person.totpSecret else { return true }
        let totp = Base32.decode(secret).map(TOTP.init(secret:))
        guard let step = totp?.matchingCounter(code, at: clock.now()), Int(step) > (person.totpLastStep ?? -1) else {
            return false
        }
        // One conditional update: of two calls with the same code at once, only one gets `true`.
        guard try await store.useOneTimeCodeStep(personID: person.id, step: Int(step)) else { return false }
        person.totpLastStep = Int(step)
        return true
    }

    /// The person's memberships in tenants this server serves.
    func tenants(of person: Person?) async throws -> [Membership] {
        guard let person else { return [] }
        return try await store.memberships(personID: person.id).filter { sessions.tenants.tenant(id: $0.tenant) != nil }
    }

    /// Opens `person`'s session in `tenant`, records the sign-in, and sends the browser to `next`.
    func open(
        _ person: Person, tenant: String, _ request: Request, _ context: LinkRequestContext,
        next: String = "/admin/links"
    ) async throws -> Response {
        let opened = try await sessions.signIn(person: person, tenant: tenant)
        await recordSignIn(.signedIn, tenant: tenant, actor: "person:" + person.email, request, context)
        return try await opening(opened, request, context, next: next)
    }

    /// The answer that hands a new session's cookie to the browser (ending the one it had).
    private func opening(
        _ opened: (id: String, session: ConsoleSession), _ request: Request, _ context: LinkRequestContext,
        next: String = "/admin/links"
    ) async throws -> Response {
        // A session the browser had before is over: one browser, one session.
        try? await sessions.signOut(request, overTLS: addressing.cameOverTLS(request, context: context))
        logger.info(
            "console sign-in",
            metadata: [
                "tenant": "\(opened.session.tenant)",
                "client": "\(addressing.logged(addressing.rateLimitBucket(of: request, context: context)))",
            ])
        var response = redirect(next)
        response.setCookie(
            ConsoleSessions.cookie(id: opened.id, secure: addressing.cameOverTLS(request, context: context)))
        return response
    }

    /// A sign-in, or a refused one, in the audit log; a refused sign-in with no known tenant is
    /// the server's (tenant `""`), kept for operators.
    func recordSignIn(
        _ action: AuditAction, tenant: String, actor: String, target: String = "console", _ request: Request,
        _ context: some RemoteAddressRequestContext
    ) async {
        guard let audit else { return }
        await audit.record(
            AuditEntry(
                tenant: tenant, time: clock.now(), actor: actor, action: action, target: target,
                address: audit.address(of: request, context: context)))
    }

    func signOut(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        try await sessions.end(idHash: context.session.idHash)
        var response = redirect("/admin/sign-in?done=signed-out")
        response.setCookie(ConsoleSessions.removalCookie(secure: addressing.cameOverTLS(request, context: context)))
        return response
    }

    /// The tenant switcher: the person's session moves to another of their tenants (a new
    /// session there; the old one ends).
    func switchTenant(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let tenant = context.form.text("tenant")
        guard let person = context.signedIn.person,
            context.signedIn.memberships.contains(where: { $0.tenant == tenant })
        else {
            throw Problem.notFound("you are not a member of a tenant \"\(tenant)\"", field: "tenant")
        }
        let opened = try await sessions.signIn(person: person, tenant: tenant)
        try await sessions.end(idHash: context.session.idHash)
        await recordSignIn(.signedIn, tenant: tenant, actor: context.actor.name, request, context)
        var response = redirect("/admin/links?done=switched")
        response.setCookie(
            ConsoleSessions.cookie(id: opened.id, secure: addressing.cameOverTLS(request, context: context)))
        return response
    }
}
