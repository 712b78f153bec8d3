import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import Logging

// Single sign-on: `GET /admin/sso` (`?invitation=<token>` when accepting one) sends the browser to
// the provider with a fresh `state`, `nonce` and PKCE challenge, tied to a random cookie of this
// browser; `/admin/sso/callback` finishes it (``OIDCRelyingParty``). A provider's person gets in
// with an invitation (for their email), as a member already, or when their email's domain is
// allowed for a tenant (``LinkServiceConfiguration/allowedEmailDomains``: they join as viewers).
// Every refusal is a page that says why, opens no session and is in the audit log.
extension Console {
    /// The cookie tying a sign-in to the browser that started it. `SameSite=Lax`, not `Strict`:
    /// the provider's redirect back is a navigation from its site, which a `Strict` cookie would
    /// not go with.
    package static let singleSignOnCookie = "wayfinder_console_sso"

    func registerSingleSignOn(on admin: RouterGroup<LinkRequestContext>) {
        admin.get("/sso") { request, context in try await startSingleSignOn(request, context) }
        admin.get("/sso/callback") { request, context in try await finishSingleSignOn(request, context) }
    }

    private func startSingleSignOn(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        guard let oidc else { throw Problem.notFound("single sign-on is not set up on this server") }
        if let wait = signInWait(request, context) {
            return refusal(
                "Too many sign-in attempts from your address; try again in \(wait) seconds.", status: .tooManyRequests)
        }
        let invitation = request.uri.queryParameters.get("invitation").flatMap { $0.isEmpty ? nil : $0 }
        if let invitation {
            guard let found = try await store.invitation(tokenHash: APIKey.hash(invitation)),
                found.isOpen(at: clock.now())
            else { return invitationGone() }
        }
        let browser = RandomText.make(length: 43, from: RandomText.lettersAndDigits)
        let url: String
        do {
            url = try await oidc.start(browser: browser, invitation: invitation)
        } catch {
            logger.error("single sign-on could not start", metadata: ["error": "\(error)"])
            return refusal("Single sign-on is not available now: \(error.description).", status: .serviceUnavailable)
        }
        var response = redirect(url)
        response.setCookie(
            Cookie(
                name: Self.singleSignOnCookie, value: browser, maxAge: Int(oidc.flows.lifetime), path: "/admin/sso",
                secure: addressing.cameOverTLS(request, context: context), httpOnly: true, sameSite: .lax))
        return response
    }

    private func finishSingleSignOn(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        guard let oidc else { throw Problem.notFound("single sign-on is not set up on this server") }
        if let wait = signInWait(request, context) {
            return refusal(
                "Too many sign-in attempts from your address; try again in \(wait) seconds.", status: .tooManyRequests)
        }
        var query: [String: String] = [:]
        for (name, value) in request.uri.queryParameters { query[String(name)] = String(value) }
        let browser = request.cookies[Self.singleSignOnCookie]?.value
        let identity: OIDCIdentity
        do {
            identity = try await oidc.finish(query: query, browser: browser)
        } catch {
            logger.notice("single sign-on refused", metadata: ["reason": "\(error)"])
            await recordSignIn(.signInRefused, tenant: "", actor: "anonymous", target: "console:sso", request, context)
            return refusal("The sign-in was refused: \(error.description).")
        }
        guard let claimed = identity.email, identity.emailVerified != false,
            let email = try? EmailAddress.normalised(claimed)
        else {
            await recordSignIn(.signInRefused, tenant: "", actor: "anonymous", target: "console:sso", request, context)
            return refusal(
                "The provider did not give a verified email address for you, and people are known here by their email."
            )
        }
        let actor = "person:" + email
        let existing = try await store.person(email: email)
        if let token = identity.invitation {
            guard let invitation = try await store.invitation(tokenHash: APIKey.hash(token)),
                invitation.isOpen(at: clock.now())
            else { return invitationGone() }
            guard invitation.email == email else {
                await recordSignIn(
                    .signInRefused, tenant: invitation.tenant, actor: actor, target: "console:sso", request, context)
                return refusal(
                    "The invitation is for \(invitation.email), but the provider signed you in as \(email). Sign in there as \(invitation.email), or ask for an invitation for \(email)."
                )
            }
            guard let used = try await store.useInvitation(tokenHash: invitation.tokenHash, at: clock.now()) else {
                return invitationGone()
            }
            let person = try await person(email: email, existing: existing)
            try await members.join(person, tenant: used.tenant, role: used.role)
            await recordJoin(person, tenant: used.tenant, role: used.role, request, context)
            return try await open(person, tenant: used.tenant, request, context, next: "/admin/links?done=joined")
        }
        if let existing, let first = try await tenants(of: existing).first {
            return try await open(existing, tenant: first.tenant, request, context)
        }
        let domain = String(email.split(separator: "@").last ?? "")
        guard
            let tenant = allowedEmailDomains.keys.sorted().first(where: {
                allowedEmailDomains[$0]?.contains(domain) == true && sessions.tenants.tenant(id: $0) != nil
            })
        else {
            await recordSignIn(.signInRefused, tenant: "", actor: actor, target: "console:sso", request, context)
            return refusal(
                "\(email) has no invitation, and \(domain) is not a domain whose people may join a tenant here. Ask an admin of your tenant to invite you."
            )
        }
        let person = try await person(email: email, existing: existing)
        try await members.join(person, tenant: tenant, role: .viewer)
        await recordJoin(person, tenant: tenant, role: .viewer, request, context)
        return try await open(person, tenant: tenant, request, context, next: "/admin/links?done=joined")
    }

    /// A refused single sign-on: a page that says why, and no session.
    private func refusal(_ reason: String, status: HTTPResponse.Status = .forbidden) -> Response {
        var response = html(
            pages.render(
                ConsoleMessagePage(
                    layout: ConsoleLayout(title: "Sign-in refused"), heading: "Sign-in refused", text: reason,
                    back: "/admin/sign-in", backLabel: "Sign in")), status: status)
        response.setCookie(Cookie(name: Self.singleSignOnCookie, value: "", maxAge: 0, path: "/admin/sso"))
        return response
    }
}
