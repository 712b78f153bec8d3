import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import LinkStorage

extension RedirectHandler {
    /// The name of the password form's double-submit CSRF cookie.
    package static let passwordCSRFCookie = "wf_csrf"

    /// Whether a visit of a protected link may go on: the browser holds a valid pass.
    package func hasPass(_ link: Link, hash: String, request: Request) -> Bool {
        PasswordPass.isValid(
            request.cookies[PasswordPass.cookieName(slug: link.slug)]?.value, for: link, hash: hash, now: clock.now())
    }

    /// The password form of `link`: for people, crawlers and `?d=1` alike, since it never names
    /// the destination. Sets the form's CSRF cookie when the browser has none yet.
    package func passwordForm(
        _ link: Link, tenant: Tenant, request: Request, context: LinkRequestContext, error: String? = nil,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let existing = request.cookies[Self.passwordCSRFCookie].map(\.value).flatMap { value -> String? in
            // The page is spliced with the token as it is: only a token this server could have made.
            value.utf8.count == ConsoleSignInToken.length && PageVisitValues.isInert(value) ? value : nil
        }
        let token = existing ?? ConsoleSignInToken.make()
        let manifest = tenant.manifest
        let page = PasswordPage(
            siteName: manifest.name, title: link.content.social?.title, shortURL: link.shortURL,
            action: "/" + link.slug, csrf: pages.placeholders.text(for: .csrf), error: error,
            initial: manifest.name.first.map { String($0).uppercased() } ?? "?",
            iconURL: manifest.iconURL?.absoluteString)
        var response = pages.response(for: page, status: status, visit: .init(csrf: token))
        if existing == nil {
            response.setCookie(
                Cookie(
                    name: Self.passwordCSRFCookie, value: token, path: "/" + link.slug,
                    secure: publicLimit.addressing.cameOverTLS(request, context: context), httpOnly: true,
                    sameSite: .strict))
        }
        return response
    }

    /// `POST /{slug}` of a protected link: the password form's answer. A right password sends the
    /// browser back to the link with a pass for `PasswordPass/lifetime`; a wrong one shows the
    /// form again with "Wrong password"; after too many wrong ones from an address for a link,
    /// `429` with `Retry-After`.
    package func submitPassword(to request: Request, context: LinkRequestContext) async throws -> Response {
        if let refused = publicLimit.refusal(request, context: context) { return refused }
        let host = request.hostName
        guard let tenant = tenants.tenant(forHost: host) else {
            return pages.notFoundResponse(siteName: nil, websiteURL: nil)
        }
        let slug = request.uri.path.dropFirst()
        guard SlugRules.isWellFormed(slug),
            let link = try await store.cachedLink(tenant: tenant.id, slug: String(slug)),
            let hash = link.content.passwordHash
        else {
            return pages.notFoundResponse(siteName: tenant.manifest.name, websiteURL: tenant.websiteURL)
        }
        if link.isExpired(at: clock.now()) { return expired(link, tenant: tenant) }
        try publicLimit.addressing.checkSameOrigin(request, context: context)
        let form = try await ConsoleForm.read(request, limit: 4096)
        guard let expected = request.cookies[Self.passwordCSRFCookie]?.value,
            ConsoleSessions.isSameToken(form["csrf"], expected)
        else {
            return passwordForm(
                link, tenant: tenant, request: request, context: context,
                error: "The form had expired; enter the password again.", status: .forbidden)
        }
        let key = publicLimit.addressing.clientAddress(of: request, context: context) + " " + link.id
        if let wait = passwordLimiter.wait(key) {
            var response = passwordForm(
                link, tenant: tenant, request: request, context: context,
                error: "Too many wrong passwords; try again in \(wait) seconds.", status: .tooManyRequests)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        // Every check counts against the address's budget across links, before it runs: a
        // burst of guesses spread over many links is refused before it costs a core.
        let address = publicLimit.addressing.rateLimitBucket(of: request, context: context)
        if let wait = passwordAddressLimiter.acquire(address) {
            var response = passwordForm(
                link, tenant: tenant, request: request, context: context,
                error: "Too many passwords from your address; try again in \(wait) seconds.", status: .tooManyRequests)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let matches: Bool
        do throws(PasswordChecks.Busy) {
            matches = try await passwordChecks.verify(form.text("password"), against: hash)
        } catch {
            var response = passwordForm(
                link, tenant: tenant, request: request, context: context,
                error: "The server is busy; try again in a moment.", status: .serviceUnavailable)
            response.headers[.retryAfter] = String(error.retryAfter)
            return response
        }
        guard matches else {
            _ = passwordLimiter.acquire(key)
            return passwordForm(link, tenant: tenant, request: request, context: context, error: "Wrong password")
        }
        var response = Response(status: .found, headers: [.location: "/" + link.slug, .cacheControl: "no-store"])
        response.setCookie(
            Cookie(
                name: PasswordPass.cookieName(slug: link.slug),
                value: PasswordPass.value(for: link, hash: hash, now: clock.now()), maxAge: PasswordPass.lifetime,
                path: "/" + link.slug, secure: publicLimit.addressing.cameOverTLS(request, context: context),
                httpOnly: true, sameSite: .lax))
        return response
    }
}
