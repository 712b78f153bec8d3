import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import LinkStorage
import Logging
import NIOCore

/// The web console at `/admin`: sign in as a person (password and one-time code, single sign-on,
/// an invitation) or with an API key, list, search, make, change and delete links, read their
/// stats and QR codes, see each domain's association files, and manage members and read the
/// audit log.
///
/// Server-rendered HTML that does every task without JavaScript. It answers on any host: the
/// tenant is the session's (the key's, or the person's chosen one), never the `Host`. Each page
/// and form declares the permission it needs where it is routed (`requiring(_:)`), checked
/// against the session's actor; what the actor may not do is also left off its pages. Links are
/// made and changed through ``LinkCreator`` and ``LinkUpdater``, the API's own code paths.
/// Every form carries the session's CSRF token (the sign-in form a ``ConsoleSignInToken``); a
/// `POST` without it, or with another session's, is `403` and changes nothing. The signed-in pages
/// run behind ``ConsoleSessionMiddleware``, which hands them the session in a
/// ``ConsoleRequestContext``; ``ConsoleMiddleware`` renders errors and adds the security headers.
package struct Console: Sendable {
    package let sessions: ConsoleSessions
    package let store: CachingLinkStore
    package let cursors: ListCursors
    package let pages: PageRenderer
    /// Sign-in attempts per address (``LinkServiceConfiguration/consoleSignInRateLimit``).
    package let signInLimiter: RateLimiter
    package let publicLimit: PublicRateLimit
    package let maxBodySize: Int
    /// How webhook endpoints are checked (the console's webhooks pages, see `Console+Webhooks`).
    package let webhookSettings: WebhookSettings
    /// Link stats: from the analytics engine, or the rollups.
    package let statsReader: StatsReader
    package let clock: ServiceClock
    package let logger: Logger
    /// Where new passwords are hashed, off the request threads.
    package var passwords: PasswordChecks? = nil
    /// Refused link forms, for the page a refused `POST` redirects to.
    package let drafts: ConsoleDrafts
    /// The console's changes and sign-ins, refused ones too, are recorded here.
    package var audit: AuditLog? = nil
    /// Runtime domains' additions, checks and removals (the domains page, see `Console+Domains`).
    package let domainRegistry: DomainRegistry
    /// Single sign-on through an OpenID Connect provider; `nil` offers none.
    package var oidc: OIDCRelyingParty? = nil
    /// ``LinkServiceConfiguration/consoleKeySignIn``: `nil` takes keys while no person exists.
    package var keySignIn: Bool? = nil
    /// ``LinkServiceConfiguration/allowedEmailDomains``.
    package var allowedEmailDomains: [String: [String]] = [:]
    package var members: MemberDirectory { MemberDirectory(store: store, clock: clock) }
    package var addressing: ClientAddressing { publicLimit.addressing }

    package static let pageSize = 20

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        let admin = router.group("/admin").add(
            middleware: ConsoleMiddleware(renderer: pages, sessions: sessions, addressing: addressing)
        )
        .add(middleware: PublicRateLimitMiddleware(limit: publicLimit))
        admin.get("/console.css") { _, _ in asset(ConsoleAssets.stylesheet, type: "text/css; charset=utf-8") }
        admin.get("/console.js") { _, _ in asset(ConsoleAssets.script, type: "text/javascript; charset=utf-8") }
        admin.get("/sign-in") { request, context in
            try await signInPage(request, context, notice: Self.notice(request))
        }
        admin.post("/sign-in") { request, context in try await signIn(request, context) }
        registerInvitations(on: admin)
        registerSingleSignOn(on: admin)
        let signedIn = admin.group()
            .add(
                middleware: ConsoleSessionMiddleware(
                    sessions: sessions, addressing: addressing, maxBodySize: maxBodySize, logger: logger)
            )
            .group(context: ConsoleRequestContext.self)
        signedIn.get { _, _ in redirect("/admin/links") }
        signedIn.post("/sign-out") { request, context in try await signOut(request, context) }
        signedIn.post("/switch-tenant") { request, context in try await switchTenant(request, context) }
        registerAccount(on: signedIn)
        let reading = signedIn.requiring(.readLinks, audit: audit)
        reading.get("/links") { request, context in try await links(request, context) }
        reading.requiring(.readStats, audit: audit).get("/links/:slug") { request, context in
            try await linkPage(request, context)
        }
        reading.get("/links/:slug/qr") { request, context in try await qrCode(request, context) }
        let creating = signedIn.requiring(.createLinks, audit: audit)
        creating.get("/new-link") { request, context in newLink(request, context) }
        creating.post("/links") { request, context in try await create(request, context) }
        let changing = signedIn.requiring(.changeLinks, audit: audit)
        changing.get("/links/:slug/edit") { request, context in try await editLink(request, context) }
        changing.post("/links/:slug") { request, context in try await save(request, context) }
        changing.get("/links/:slug/delete") { _, context in try await confirmDelete(context) }
        changing.post("/links/:slug/delete") { request, context in try await delete(request, context) }
        registerDomains(on: signedIn.requiring(.changeDomains, audit: audit))
        registerWebhooks(on: signedIn.requiring(.changeWebhooks, audit: audit))
        registerMembers(on: signedIn.requiring(.changeMembers, audit: audit))
        registerAudit(on: signedIn.requiring(.readAudit, audit: audit))
        // Everything else under /admin is the console's too: never a tenant's redirect.
        // (HEAD is generated from GET, without the body.)
        for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
            admin.on("/**", method: method) { _, _ -> Response in
                throw Problem.notFound("there is no console page here")
            }
        }
    }

    // MARK: Audit

    /// A change made in the console, in the audit log, by the session's actor (its person or key).
    package func recordChange(
        _ action: AuditAction, target: String, changes: [AuditChange] = [], _ request: Request,
        _ context: ConsoleRequestContext
    ) async {
        guard let audit else { return }
        await audit.record(
            AuditEntry(
                tenant: context.tenant.id, time: clock.now(), actor: context.actor.name, action: action,
                target: target, changes: changes, address: audit.address(of: request, context: context)))
    }

    // MARK: Links

    private func links(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let signedIn = context.signedIn
        let parameters = request.uri.queryParameters
        let query = (parameters.get("q") ?? "").trimmingCharacters(in: .whitespaces)
        let cursor = parameters.get("cursor").flatMap { $0.isEmpty ? nil : $0 }
        let tag = parameters.get("tag").map { $0.trimmingCharacters(in: .whitespaces) }.flatMap {
            $0.isEmpty ? nil : $0
        }
        let page: LinkPage
        do {
            page = try await cursors.page(tenant: signedIn.tenant.id, cursor: cursor) { position in
                try await store.searchLinks(
                    tenant: signedIn.tenant.id, matching: query, tagged: tag, before: position, limit: Self.pageSize)
            }
        } catch let error as LinkStoreError where error.code == .invalidCursor {
            throw Problem.invalidField("cursor", "this page of results does not exist; start from the first page")
        }
        let layout = layout(signedIn, title: "Links", notice: Self.notice(request))
        return html(
            pages.render(
                ConsoleLinksPage(layout: layout, query: query, tag: tag, cursor: cursor, page: page, now: clock.now())))
    }

    private func newLink(_ request: Request, _ context: ConsoleRequestContext) -> Response {
        if let id = request.uri.queryParameters.get("draft") {
            if let draft = drafts.draft(id, session: context.session.idHash), draft.slug == nil {
                return formPage(draft.form, editing: nil, context.signedIn, status: draft.status)
            }
            return formPage(
                LinkForm(values: ["domain": context.tenant.defaultDomain]), editing: nil, context.signedIn,
                notice: Self.draftGone)
        }
        return formPage(LinkForm(values: ["domain": context.tenant.defaultDomain]), editing: nil, context.signedIn)
    }

    /// Said when a refused form's page no longer finds the form (``ConsoleDrafts``).
    private static let draftGone =
        "The form you sent was refused, and it is no longer kept here (refused forms are kept for 30 minutes, by the server that refused them). Fill it in again."

    /// Answers a refused form with a redirect to its page (post/redirect/get): reloading that page
    /// shows the form again rather than sending it again.
    private func refused(
        _ form: LinkForm, editing link: Link?, _ context: ConsoleRequestContext, status: HTTPResponse.Status
    ) -> Response {
        let id = drafts.keep(.init(form: form, slug: link?.slug, status: status), session: context.session.idHash)
        return redirect(link.map { "/admin/links/\($0.slug)/edit?draft=\(id)" } ?? "/admin/new-link?draft=\(id)")
    }

    private func create(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        var form = LinkForm(form: context.form)
        // "Show final URL", "Add rule", "Add condition": the form again, nothing created.
        if LinkForm.isHelperSubmit(context.form) { return formPage(form, editing: nil, context.signedIn) }
        do {
            let creation = try await LinkCreator(store: store, clock: clock, passwords: passwords).create(
                try form.linkRequest(), for: context.tenant)
            let link = creation.link
            if case .created = creation {
                await recordChange(
                    .linkCreated, target: "link:" + link.slug, changes: AuditChange.link(from: nil, to: link), request,
                    context)
            }
            logger.info(
                "link created in the console", metadata: ["tenant": "\(link.tenant)", "slug": "\(link.slug)"])
            return redirect("/admin/links/\(link.slug)?done=created")
        } catch let problem as Problem where problem.status == .badRequest || problem.status == .conflict {
            form.show(problem)
            return refused(form, editing: nil, context, status: problem.status)
        }
    }

    private func editLink(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let link = try await existingLink(context)
        if let id = request.uri.queryParameters.get("draft") {
            if let draft = drafts.draft(id, session: context.session.idHash), draft.slug == link.slug {
                return formPage(draft.form, editing: link, context.signedIn, status: draft.status)
            }
            return formPage(LinkForm(link: link), editing: link, context.signedIn, notice: Self.draftGone)
        }
        return formPage(LinkForm(link: link), editing: link, context.signedIn)
    }

    private func save(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let link = try await existingLink(context)
        var form = LinkForm(form: context.form)
        form.values["slug"] = link.slug
        if LinkForm.isHelperSubmit(context.form) { return formPage(form, editing: link, context.signedIn) }
        do {
            let changed = try await LinkUpdater(store: store, clock: clock, passwords: passwords).update(
                link, by: form.patch(), for: context.tenant)
            let changes = AuditChange.link(from: link, to: changed)
            if !changes.isEmpty {
                await recordChange(.linkUpdated, target: "link:" + link.slug, changes: changes, request, context)
            }
            return redirect("/admin/links/\(link.slug)?done=saved")
        } catch let problem as Problem where problem.status == .badRequest {
            form.show(problem)
            return refused(form, editing: link, context, status: problem.status)
        }
    }

    private func confirmDelete(_ context: ConsoleRequestContext) async throws -> Response {
        let link = try await existingLink(context)
        return html(
            pages.render(
                ConsoleDeleteLinkPage(layout: layout(context.signedIn, title: "Delete \(link.slug)"), link: link)))
    }

    private func delete(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let link = try await existingLink(context)
        guard try await store.deleteLink(tenant: context.tenant.id, slug: link.slug, at: clock.now()) else {
            throw Problem.notFound("\(link.slug) was deleted already")
        }
        await recordChange(
            .linkDeleted, target: "link:" + link.slug, changes: AuditChange.link(from: link, to: nil), request, context)
        logger.info(
            "link deleted in the console", metadata: ["tenant": "\(context.tenant.id)", "slug": "\(link.slug)"])
        return redirect("/admin/links?done=deleted")
    }

    private func linkPage(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let link = try await existingLink(context)
        let answer = try await statsReader.linkStats(tenant: context.tenant.id, link: link, range: StatsRange())
        let layout = layout(context.signedIn, title: link.slug, notice: Self.notice(request))
        var page = ConsoleLinkPage(
            layout: layout, link: link, stats: answer.stats, breakdowns: answer.breakdowns, now: clock.now(),
            appFunnel: try await statsReader.funnel(tenant: context.tenant.id, linkID: link.id, range: StatsRange()))
        if request.hostName != link.domain {
            page.tryHere = NotFoundPage.UnknownHost.curl(
                reaching: request.namedHost,
                as: link.domain, path: link.slug)
        }
        let simulation = LinkSimulation(tenant: context.tenant, link: link, now: clock.now())
        page.simulation = SimulationTable(try await simulation.rows())
        return html(pages.render(page))
    }

    /// The link's QR code, as `GET /api/v1/links/{slug}/qr` answers it (same parameters, same
    /// checks, same encoder), for the signed-in session instead of an API key.
    private func qrCode(_ request: Request, _ context: ConsoleRequestContext) async throws -> Response {
        let options = try LinksAPI.qrImageOptions(request)
        let link = try await existingLink(context)
        return try LinksAPI.qrImage(of: link, format: options.format, size: options.size)
    }

    // MARK: Helpers

    private func existingLink(_ context: ConsoleRequestContext) async throws -> Link {
        let slug = context.parameters.get("slug") ?? ""
        guard SlugRules.isWellFormed(slug), let link = try await store.link(tenant: context.tenant.id, slug: slug)
        else {
            throw Problem.notFound("\(context.tenant.id) has no link \"\(slug)\"")
        }
        return link
    }

    private func formPage(
        _ form: LinkForm, editing link: Link?, _ signedIn: ConsoleSessions.SignedIn,
        status: HTTPResponse.Status = .ok, notice: String? = nil
    ) -> Response {
        let layout = layout(signedIn, title: link.map { "Edit \($0.slug)" } ?? "New link", notice: notice)
        let page = ConsoleLinkFormPage(
            layout: layout, form: form, editing: link, domains: signedIn.tenant.manifest.domains)
        return html(pages.render(page), status: status)
    }

    package func layout(
        _ signedIn: ConsoleSessions.SignedIn, title: String, notice: String? = nil,
        section: ConsoleLayout.Section = .links
    ) -> ConsoleLayout {
        ConsoleLayout(
            title: title,
            session: ConsoleLayout.Session(signedIn, section: section),
            notice: notice)
    }

    /// The message of a `?done=` code (fixed texts: nothing from the URL reaches the page).
    package static func notice(_ request: Request) -> String? {
        switch request.uri.queryParameters.get("done") {
        case "created": "The link is ready."
        case "saved": "Your changes are saved."
        case "deleted": "The link is deleted."
        case "signed-out": "You are signed out."
        case "joined": "Welcome: you are a member now."
        case "switched": "You are in another tenant now."
        case "invited": "The invitation is made."
        case "role-changed": "The role is changed."
        case "member-removed": "The member is removed."
        case "totp-on": "One-time codes are on: signing in asks for one from now on."
        case "totp-off": "One-time codes are off."
        case "test-queued": "A webhook.test event is queued; it shows in the deliveries once sent."
        case "endpoint-deleted": "The endpoint is deleted."
        case "endpoint-changed": "Your changes are saved."
        case "domain-added": "The domain is added: create its DNS record, then verify it."
        case "domain-verified": "The domain is verified: its links and files are served on it now."
        case "domain-pending": "The DNS record was not found yet; the server keeps looking for 72 hours."
        case "domain-removed": "The domain is removed: nothing is served on it any more."
        default: nil
        }
    }

    package func redirect(_ location: String) -> Response {
        Response(status: .seeOther, headers: [.location: location])
    }

    package func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
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
