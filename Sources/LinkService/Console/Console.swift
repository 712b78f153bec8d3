import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore

/// The web console at `/admin`: sign in with an API key, list, search, make, change and delete
/// links, read their stats and QR codes, and see each domain's association files.
///
/// Server-rendered HTML that does every task without JavaScript. It answers on any host: the
/// tenant is the one of the API key the session was opened with, never the `Host`. Links are
/// made and changed through ``LinkCreator`` and ``LinkUpdater``, the API's own code paths.
/// Every form carries the session's CSRF token; a `POST` without it, or with another session's,
/// is `403` and changes nothing. ``ConsoleMiddleware`` adds the security headers.
struct Console: Sendable {
    let sessions: ConsoleSessions
    let store: CachingLinkStore
    let pages: PageRenderer
    /// Sign-in attempts per address (``LinkServiceConfiguration/consoleSignInRateLimit``).
    let signInLimiter: RateLimiter
    let publicLimit: PublicRateLimit
    let maxBodySize: Int
    let logger: Logger
    var addressing: ClientAddressing { publicLimit.addressing }

    static let pageSize = 20

    func register(on router: Hummingbird.Router<LinkRequestContext>) {
        let admin = router.group("/admin").add(middleware: ConsoleMiddleware(renderer: pages))
            .add(middleware: PublicRateLimitMiddleware(limit: publicLimit))
        admin.get { request, _ in try await index(request) }
        admin.get("/console.css") { _, _ in asset(ConsoleAssets.stylesheet, type: "text/css; charset=utf-8") }
        admin.get("/console.js") { _, _ in asset(ConsoleAssets.script, type: "text/javascript; charset=utf-8") }
        admin.get("/sign-in") { request, _ in signInPage(notice: Self.notice(request)) }
        admin.post("/sign-in") { request, context in try await signIn(request, context) }
        admin.post("/sign-out") { request, context in try await signOut(request, context) }
        admin.get("/links") { request, _ in try await links(request) }
        admin.get("/new-link") { request, _ in try await newLink(request) }
        admin.post("/links") { request, context in try await create(request, context) }
        admin.get("/links/:slug") { request, context in try await linkPage(request, context) }
        admin.get("/links/:slug/edit") { request, context in try await editLink(request, context) }
        admin.post("/links/:slug") { request, context in try await save(request, context) }
        admin.get("/links/:slug/delete") { request, context in try await confirmDelete(request, context) }
        admin.post("/links/:slug/delete") { request, context in try await delete(request, context) }
        admin.get("/links/:slug/qr") { request, context in try await qrCode(request, context) }
        admin.get("/domains") { request, _ in try await domains(request) }
        // Everything else under /admin is the console's too: never a tenant's redirect.
        for method in [HTTPRequest.Method.get, .head, .post, .put, .patch, .delete] {
            admin.on("/**", method: method) { _, _ -> Response in
                throw Problem.notFound("there is no console page here")
            }
        }
    }

    // MARK: Signing in and out

    private func index(_ request: Request) async throws -> Response {
        try await sessions.current(request) == nil ? redirect("/admin/sign-in") : redirect("/admin/links")
    }

    private func signInPage(error: String? = nil, notice: String? = nil, status: HTTPResponse.Status = .ok)
        -> Response
    {
        html(
            pages.render(ConsoleSignInPage(layout: ConsoleLayout(title: "Sign in", notice: notice), error: error)),
            status: status)
    }

    private func signIn(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        try checkOrigin(request, context)
        let client = addressing.clientAddress(of: request, context: context)
        if let wait = signInLimiter.acquire(client) {
            var response = signInPage(
                error: "Too many sign-in attempts from your address; try again in \(wait) seconds.",
                status: .tooManyRequests)
            response.headers[.retryAfter] = String(wait)
            return response
        }
        let form = try await ConsoleForm.read(request, limit: maxBodySize)
        let key = form.text("key")
        guard !key.isEmpty, let opened = try await sessions.signIn(key: key) else {
            logger.notice("console sign-in refused", metadata: ["client": "\(client)"])
            return signInPage(
                error: "That API key is not valid: it is unknown or revoked. Nobody is signed in.",
                status: .unauthorized)
        }
        // A session the browser had before is over: one browser, one session.
        try? await sessions.signOut(request)
        logger.info("console sign-in", metadata: ["tenant": "\(opened.session.tenant)", "client": "\(client)"])
        var response = redirect("/admin/links")
        response.headers[.setCookie] = ConsoleSessions.cookie(
            id: opened.id, secure: addressing.cameOverTLS(request, context: context))
        return response
    }

    private func signOut(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        _ = try await verifiedPost(request, context)
        try await sessions.signOut(request)
        var response = redirect("/admin/sign-in?done=signed-out")
        response.headers[.setCookie] = ConsoleSessions.removalCookie(
            secure: addressing.cameOverTLS(request, context: context))
        return response
    }

    // MARK: Links

    private func links(_ request: Request) async throws -> Response {
        guard let signedIn = try await sessions.current(request) else { return signInRedirect() }
        let parameters = request.uri.queryParameters
        let query = (parameters.get("q") ?? "").trimmingCharacters(in: .whitespaces)
        let cursor = parameters.get("cursor").flatMap { $0.isEmpty ? nil : $0 }
        let page: LinkPage
        do {
            page = try await store.searchLinks(
                tenant: signedIn.tenant.id, matching: query, before: cursor, limit: Self.pageSize)
        } catch let error as LinkStoreError where error.code == .invalidCursor {
            throw Problem.invalidField("cursor", "this page of results does not exist; start from the first page")
        }
        let layout = layout(signedIn, title: "Links", notice: Self.notice(request))
        return html(
            pages.render(ConsoleLinksPage(layout: layout, query: query, cursor: cursor, page: page, now: Date())))
    }

    private func newLink(_ request: Request) async throws -> Response {
        guard let signedIn = try await sessions.current(request) else { return signInRedirect() }
        return formPage(LinkForm(values: ["domain": signedIn.tenant.defaultDomain]), editing: nil, signedIn)
    }

    private func create(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        let signedIn = try await verifiedPost(request, context)
        var form = LinkForm(form: signedIn.form)
        do {
            let creation = try await LinkCreator(store: store).create(
                try form.linkRequest(), for: signedIn.tenant)
            let link = creation.link
            logger.info(
                "link created in the console", metadata: ["tenant": "\(link.tenant)", "slug": "\(link.slug)"])
            return redirect("/admin/links/\(link.slug)?done=created")
        } catch let problem as Problem where problem.status == .badRequest || problem.status == .conflict {
            form.show(problem)
            return formPage(form, editing: nil, signedIn.signedIn, status: problem.status)
        }
    }

    private func editLink(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        guard let signedIn = try await sessions.current(request) else { return signInRedirect() }
        let link = try await existingLink(signedIn, context)
        return formPage(LinkForm(link: link), editing: link, signedIn)
    }

    private func save(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        let signedIn = try await verifiedPost(request, context)
        let link = try await existingLink(signedIn.signedIn, context)
        var form = LinkForm(form: signedIn.form)
        form.values["slug"] = link.slug
        do {
            _ = try await LinkUpdater(store: store).update(
                link, by: form.patch(), for: signedIn.tenant)
            return redirect("/admin/links/\(link.slug)?done=saved")
        } catch let problem as Problem where problem.status == .badRequest {
            form.show(problem)
            return formPage(form, editing: link, signedIn.signedIn, status: problem.status)
        }
    }

    private func confirmDelete(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        guard let signedIn = try await sessions.current(request) else { return signInRedirect() }
        let link = try await existingLink(signedIn, context)
        return html(
            pages.render(ConsoleDeleteLinkPage(layout: layout(signedIn, title: "Delete \(link.slug)"), link: link)))
    }

    private func delete(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        let signedIn = try await verifiedPost(request, context)
        let link = try await existingLink(signedIn.signedIn, context)
        guard try await store.deleteLink(tenant: signedIn.tenant.id, slug: link.slug) else {
            throw Problem.notFound("\(link.slug) was deleted already")
        }
        logger.info(
            "link deleted in the console", metadata: ["tenant": "\(signedIn.tenant.id)", "slug": "\(link.slug)"])
        return redirect("/admin/links?done=deleted")
    }

    private func linkPage(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        guard let signedIn = try await sessions.current(request) else { return signInRedirect() }
        let link = try await existingLink(signedIn, context)
        let stats = try await store.stats(tenant: signedIn.tenant.id, linkID: link.id)
        let layout = layout(signedIn, title: link.slug, notice: Self.notice(request))
        return html(pages.render(ConsoleLinkPage(layout: layout, link: link, stats: stats)))
    }

    /// The link's QR code, as `GET /api/v1/links/{slug}/qr` answers it (same parameters, same
    /// checks, same encoder), for the signed-in session instead of an API key.
    private func qrCode(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        guard let signedIn = try await sessions.current(request) else { return signInRedirect() }
        let options = try LinksAPI.qrImageOptions(request)
        let link = try await existingLink(signedIn, context)
        return try LinksAPI.qrImage(of: link, format: options.format, size: options.size)
    }

    // MARK: Domains

    private func domains(_ request: Request) async throws -> Response {
        guard let signedIn = try await sessions.current(request) else { return signInRedirect() }
        let layout = layout(signedIn, title: "Domains", section: .domains)
        return html(pages.render(ConsoleDomainsPage(layout: layout, tenant: signedIn.tenant)))
    }

    // MARK: Helpers

    /// The signed-in session of a form `POST` whose CSRF token is the session's, with the form;
    /// otherwise `403`, before anything is read or changed.
    private func verifiedPost(_ request: Request, _ context: LinkRequestContext) async throws -> VerifiedPost {
        try checkOrigin(request, context)
        guard let signedIn = try await sessions.current(request) else {
            throw Problem(
                .forbidden, "no-session", title: "Not signed in",
                detail: "Your session has ended, so nothing was changed. Sign in again and repeat what you did.")
        }
        let form = try await ConsoleForm.read(request, limit: maxBodySize)
        guard ConsoleSessions.isValidCSRF(form["csrf"], for: signedIn.session) else {
            logger.warning(
                "console form without a valid CSRF token", metadata: ["tenant": "\(signedIn.tenant.id)"])
            throw Problem(
                .forbidden, "csrf", title: "The form is not valid",
                detail:
                    "The form did not carry this session's security token (it may be from another window or an old session), so nothing was changed. Go back, reload the page and try again."
            )
        }
        return VerifiedPost(signedIn: signedIn, form: form)
    }

    private struct VerifiedPost {
        let signedIn: ConsoleSessions.SignedIn
        let form: ConsoleForm
        var tenant: Tenant { signedIn.tenant }
    }

    /// A cross-site `POST` (its `Origin` names another host than the request's) is refused
    /// whatever it carries: with `SameSite=Strict` it has no session anyway, but this also keeps
    /// another site from signing a browser in with the attacker's key.
    private func checkOrigin(_ request: Request, _ context: LinkRequestContext) throws {
        guard let origin = request.headers[.origin], origin != "null" else { return }
        let host = addressing.forwardedHost(of: request, context: context)
        guard let url = SplitURL(origin), url.hasValidAuthority, let originHost = url.host,
            (originHost + (url.portNumber.map { ":\($0)" } ?? "")).lowercased() == host.lowercased()
        else {
            throw Problem(
                .forbidden, "cross-site", title: "The form came from another site",
                detail: "Console forms are accepted only from the console's own pages; nothing was changed.")
        }
    }

    private func existingLink(_ signedIn: ConsoleSessions.SignedIn, _ context: LinkRequestContext) async throws -> Link
    {
        let slug = context.parameters.get("slug") ?? ""
        guard SlugRules.isWellFormed(slug),
            let link = try await store.link(tenant: signedIn.tenant.id, slug: slug)
        else {
            throw Problem.notFound("\(signedIn.tenant.id) has no link \"\(slug)\"")
        }
        return link
    }

    private func formPage(
        _ form: LinkForm, editing link: Link?, _ signedIn: ConsoleSessions.SignedIn,
        status: HTTPResponse.Status = .ok
    ) -> Response {
        let layout = layout(signedIn, title: link.map { "Edit \($0.slug)" } ?? "New link")
        let page = ConsoleLinkFormPage(
            layout: layout, form: form, editing: link, domains: signedIn.tenant.manifest.domains)
        return html(pages.render(page), status: status)
    }

    private func layout(
        _ signedIn: ConsoleSessions.SignedIn, title: String, notice: String? = nil,
        section: ConsoleLayout.Section = .links
    ) -> ConsoleLayout {
        ConsoleLayout(
            title: title,
            session: ConsoleLayout.Session(
                tenant: signedIn.tenant.id, csrf: signedIn.session.csrfToken, section: section),
            notice: notice)
    }

    /// The message of a `?done=` code (fixed texts: nothing from the URL reaches the page).
    static func notice(_ request: Request) -> String? {
        switch request.uri.queryParameters.get("done") {
        case "created": "The link is ready."
        case "saved": "Your changes are saved."
        case "deleted": "The link is deleted."
        case "signed-out": "You are signed out."
        default: nil
        }
    }

    private func signInRedirect() -> Response { redirect("/admin/sign-in") }

    private func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status, headers: [.contentType: "text/html; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    private func asset(_ text: String, type: String) -> Response {
        Response(
            status: .ok, headers: [.contentType: type, .cacheControl: "public, max-age=300"],
            body: .init(byteBuffer: ByteBuffer(string: text)))
    }
}
