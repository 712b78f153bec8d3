import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import LinkStorage
import Logging

// An invitation's page, `/admin/invitations/<token>`: "Sign in with single sign-on" (when a
// provider is configured) or "Set a password" (a person who has one confirms it instead).
// A person who enrolled a one-time code gives a current one too, as signing in asks. Accepting
// creates the person or adds the tenant to them, uses the invitation (single use, 7 days: the
// store marks it used in one statement, so two acceptances at once let one through), and signs
// them in. The form carries the browser's sign-in token and is rate limited as the
// sign-in is.
extension Console {
    func registerInvitations(on admin: RouterGroup<LinkRequestContext>) {
        admin.get("/invitations/:token") { request, context in try await invitationPage(request, context) }
        admin.post("/invitations/:token") { request, context in try await acceptInvitation(request, context) }
    }

    /// The open invitation of the path's token; `nil` when it is unknown, used or expired.
    private func openInvitation(_ context: LinkRequestContext) async throws -> (token: String, Invitation)? {
        let token = context.parameters.get("token") ?? ""
        guard token.hasPrefix("wfi_"), token.count <= 64,
            let invitation = try await store.invitation(tokenHash: APIKey.hash(token)),
            invitation.isOpen(at: clock.now())
        else { return nil }
        return (token, invitation)
    }

    /// The page said for an invitation that cannot be accepted.
    func invitationGone(detail: String? = nil) -> Response {
        html(
            pages.render(
                ConsoleMessagePage(
                    layout: ConsoleLayout(title: "Invitation"), heading: "This invitation cannot be used",
                    text: detail
                        ?? "It is used already, it has expired (invitations are good for 7 days), or the link is incomplete. Ask an admin of the tenant for a new one.",
                    back: "/admin/sign-in", backLabel: "Sign in")), status: .gone)
    }

    private func invitationPage(
        _ request: Request, _ context: LinkRequestContext, error: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        guard let (token, invitation) = try await openInvitation(context) else { return invitationGone() }
        let person = try await store.person(email: invitation.email)
        let (csrf, cookie) = signInToken(request, context)
        let page = ConsoleInvitationPage(
            layout: ConsoleLayout(title: "Invitation"), token: token, email: invitation.email,
            tenant: invitation.tenant, role: invitation.role.rawValue, csrf: csrf, sso: oidc != nil,
            hasPassword: person?.passwordHash != nil, hasOneTimeCode: person?.totpSecret != nil, error: error)
        var response = html(pages.render(page), status: status)
        if let cookie { response.setCookie(cookie) }
        return response
    }

    private func acceptInvitation(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        try addressing.checkSameOrigin(request, context: context)
        if let wait = signInWait(request, context) {
            var response = try await invitationPage(
                request, context, error: "Too many attempts from your address; try again in \(wait) seconds.",
                status: .tooManyRequests)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let form = try await ConsoleForm.read(request, limit: maxBodySize)
        guard ConsoleSignInToken.isValid(form["csrf"], for: request) else {
            return try await invitationPage(
                request, context,
                error: "This form has expired or did not come from this console, so nothing was done. Try again.",
                status: .forbidden)
        }
        guard let (token, invitation) = try await openInvitation(context) else { return invitationGone() }
        let password = form["password"] ?? ""
        var existing = try await store.person(email: invitation.email)
        var newHash: String? = nil
        if let stored = existing?.passwordHash {
            guard try await PasswordChecks.verifyPersonPassword(password, against: stored, on: passwords) else {
                await recordSignIn(
                    .signInRefused, tenant: invitation.tenant, actor: "person:" + invitation.email, request, context)
                return try await invitationPage(
                    request, context, error: "That is not your password. Nothing was done.", status: .unauthorized)
            }
        } else {
            let hashed: Result<String, Problem>
            do {
                hashed = .success(try await PasswordChecks.hashPersonPassword(password, on: passwords))
            } catch {
                hashed = .failure(error)
            }
            switch hashed {
            case .success(let hash): newHash = hash
            case .failure(let problem) where problem.status == .badRequest:
                return try await invitationPage(request, context, error: problem.detail, status: .badRequest)
            case .failure(let problem): throw problem
            }
        }
        // A person with a second factor gives it here too: the invitation's link and a password
        // (even a new one) are not the whole of their sign-in.
        if var holder = existing, holder.totpSecret != nil {
            guard try await acceptsOneTimeCode(form.text("code"), of: &holder) else {
                await recordSignIn(
                    .signInRefused, tenant: invitation.tenant, actor: "person:" + invitation.email, request, context)
                return try await invitationPage(
                    request, context, error: Self.oneTimeCodeRefused + " Nothing was done.", status: .unauthorized)
            }
            existing = holder
        }
        guard let used = try await store.useInvitation(tokenHash: APIKey.hash(token), at: clock.now()) else {
            return invitationGone()
        }
        var person = try await person(email: used.email, existing: existing)
        if let newHash {
            person.passwordHash = newHash
            _ = try await store.updatePerson(person)
        }
        try await members.join(person, tenant: used.tenant, role: used.role)
        await recordJoin(person, tenant: used.tenant, role: used.role, request, context)
        return try await open(person, tenant: used.tenant, request, context, next: "/admin/links?done=joined")
    }

    /// The person with `email`: `existing`, or a new one stored now (or the one a concurrent
    /// request stored first).
    func person(email: String, existing: Person?) async throws -> Person {
        if let existing { return existing }
        let made = Person(email: email, createdAt: clock.now())
        if try await store.insertPerson(made) { return made }
        guard let stored = try await store.person(email: email) else {
            throw LinkStoreError.database("the person \(email) was neither stored nor found")
        }
        return stored
    }

    /// `person` joining `tenant` with `role`, in its audit log.
    func recordJoin(
        _ person: Person, tenant: String, role: Role, _ request: Request, _ context: LinkRequestContext
    ) async {
        guard let audit else { return }
        await audit.record(
            AuditEntry(
                tenant: tenant, time: clock.now(), actor: "person:" + person.email, action: .memberJoined,
                target: "member:" + person.email,
                changes: [AuditChange(field: "role", before: nil, after: role.rawValue)],
                address: audit.address(of: request, context: context)))
    }
}
