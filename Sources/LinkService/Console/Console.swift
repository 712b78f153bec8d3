import AssociatedDomains
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
    let pages: ConsoleRenderer
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
        var context: [String: Any] = ["pageTitle": "Sign in"]
        context["error"] = error
        context["notice"] = notice
        return html(pages.render("signIn", context), status: status)
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
        let now = Date()
        var context = layout(signedIn, title: "Links", notice: Self.notice(request))
        context["navLinks"] = true
        context["query"] = query.isEmpty ? nil : query
        context["queryParameter"] = PercentDecoding.encodeQueryComponent(query)
        context["cursor"] = cursor
        context["nextCursor"] = page.nextCursor
        context["hasLinks"] = !page.links.isEmpty
        context["caption"] = query.isEmpty ? "Your links, newest first" : "Links matching \(query), newest first"
        context["links"] = page.links.map { link -> [String: Any] in
            [
                "slug": link.slug, "shortURL": link.shortURL, "destination": link.content.destination,
                "title": link.content.social?.title ?? "",
                "name": ConsoleRenderer.optional(link.content.firebase?.linkName),
                "createdAt": ISO8601.string(from: link.createdAt),
                "createdDay": String(ISO8601.string(from: link.createdAt).prefix(10)),
                "expired": link.isExpired(at: now),
            ]
        }
        return html(pages.render("links", context))
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
        var page = layout(signedIn, title: "Delete \(link.slug)")
        page["navLinks"] = true
        page["slug"] = link.slug
        page["shortURL"] = link.shortURL
        return html(pages.render("deleteLink", page))
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
        var page = layout(signedIn, title: link.slug, notice: Self.notice(request))
        page["navLinks"] = true
        page.merge(LinkPageContext(link: link, stats: stats).values) { _, new in new }
        return html(pages.render("link", page))
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
        let tenant = signedIn.tenant
        let files: [(title: String, fileName: String, path: String, bytes: [UInt8], findings: [Diagnostic])] = [
            (
                "Apple: apple-app-site-association", "apple-app-site-association",
                "/.well-known/apple-app-site-association", tenant.wellKnown.appleAppSiteAssociation,
                AASAValidator.validate(tenant.wellKnown.appleAppSiteAssociation)
            ),
            (
                "Android: assetlinks.json", "assetlinks.json", "/.well-known/assetlinks.json",
                tenant.wellKnown.assetLinks, AssetLinks.decode(tenant.wellKnown.assetLinks).diagnostics
            ),
        ]
        var page = layout(signedIn, title: "Domains")
        page["navDomains"] = true
        page["domains"] = tenant.manifest.domains.enumerated().map { index, domain -> [String: Any] in
            [
                "index": index, "name": domain,
                "files": files.map { file -> [String: Any] in
                    [
                        "title": file.title, "fileName": file.fileName, "url": "https://\(domain)\(file.path)",
                        "json": Self.prettyJSON(file.bytes), "hasFindings": !file.findings.isEmpty,
                        "findings": file.findings.sorted { $0.severity < $1.severity }.map { finding -> [String: Any] in
                            [
                                "severity": finding.severity.rawValue, "code": finding.code,
                                "path": finding.path.description, "message": finding.message,
                                "hint": ConsoleRenderer.optional(finding.hint),
                            ]
                        },
                    ]
                },
            ]
        }
        return html(pages.render("domains", page))
    }

    static func prettyJSON(_ bytes: [UInt8]) -> String {
        (try? JSONParser().parse(bytes).jsonText(style: .pretty)) ?? String(decoding: bytes, as: UTF8.self)
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
        var page = layout(signedIn, title: link.map { "Edit \($0.slug)" } ?? "New link")
        page["navLinks"] = true
        page["heading"] = link.map { "Edit \($0.shortURL)" } ?? "New link"
        page["action"] = link.map { "/admin/links/\($0.slug)" } ?? "/admin/links"
        page["submit"] = link == nil ? "Create link" : "Save"
        page["cancel"] = link.map { "/admin/links/\($0.slug)" } ?? "/admin/links"
        page["formError"] = form.formError
        page["fields"] = LinkForm.fields.map { field -> [String: Any] in
            [
                "name": field.name, "label": field.label, "type": field.type, "value": form.value(field.name),
                "error": ConsoleRenderer.optional(form.errors[field.name]),
                "hint": ConsoleRenderer.optional(field.hint),
                "multiline": field.multiline, "readOnly": link != nil && field.name == "slug",
            ]
        }
        let selected = form.value("domain")
        page["domains"] = signedIn.tenant.manifest.domains.map { ["name": $0, "selected": $0 == selected] }
        page["domainError"] = form.errors["domain"]
        page["skipPreview"] = form.value("skipPreview") == "on"
        return html(pages.render("linkForm", page), status: status)
    }

    private func layout(_ signedIn: ConsoleSessions.SignedIn, title: String, notice: String? = nil) -> [String: Any] {
        var context: [String: Any] = [
            "pageTitle": title, "signedIn": true, "tenant": signedIn.tenant.id, "csrf": signedIn.session.csrfToken,
        ]
        context["notice"] = notice
        return context
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
