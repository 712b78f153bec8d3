import Crypto
import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import LinkStorage
import Logging
import NIOCore
import Prometheus

/// `/api/v1`: create, read, change, delete and list links, their stats, and the resolve call
/// installed apps make. Every call except resolve needs `Authorization: Bearer <key>`, and the key
/// alone picks the tenant: another tenant's link is `404`, as if it did not exist.
package struct LinksAPI: Sendable {
    package let tenants: TenantDirectory
    package let store: CachingLinkStore
    package let cursors: ListCursors
    /// Checks the key of every call but resolve.
    package let authenticator: APIKeyAuthenticator
    package let resolveLimiter: RateLimiter
    package let addressing: ClientAddressing
    /// Requests without a valid key are held to the per-address public budget.
    package let publicLimit: PublicRateLimit
    package let maxBodySize: Int
    /// Link stats: from the analytics engine, or the rollups.
    package let statsReader: StatsReader
    package let clock: ServiceClock
    /// Whether visitors' countries are known (``LinkServiceConfiguration/makeCountryLookup()``):
    /// without, a link with a `country` condition is written with a warning.
    package let countryKnown: Bool
    package let logger: Logger
    /// Where new passwords are hashed, off the request threads.
    package var passwords: PasswordChecks? = nil
    /// What app keys' link creations are held to.
    package var appLinks: AppLinkGate
    /// Where changes are recorded.
    package var audit: AuditLog
    /// Where the resolve call records the click of an app opened by a short link (the visit the
    /// operating system handed the app without a redirect); `nil` records none.
    package var clicks: ClickBuffer? = nil

    package func register(on router: Hummingbird.Router<LinkRequestContext>) {
        let api = router.group("/api/v1")
        api.get("/resolve") { request, context in try await resolve(request, context) }
        let bearer = BearerKeyMiddleware(authenticator: authenticator, publicLimit: publicLimit)
        let links = api.group("/links").add(middleware: bearer)
        links.requiring(.createRouteLinks).post { request, context in try await create(request, context) }
        links.requiring(.readLinks).get { request, context in try await list(request, context) }
        links.requiring(.readLinks).get("/:slug") { request, context in try await read(request, context) }
        links.requiring(.changeLinks).patch("/:slug") { request, context in try await update(request, context) }
        links.requiring(.changeLinks).delete("/:slug") { request, context in try await delete(request, context) }
        links.requiring(.readStats).get("/:slug/stats") { request, context in try await stats(request, context) }
        links.requiring(.readLinks).get("/:slug/qr") { request, context in try await qrCode(request, context) }
        links.requiring(.readLinks).get("/:slug/simulate") { _, context in try await simulate(context) }
        api.group("/stats").add(middleware: bearer).requiring(.readStats)
            .get { request, context in try await tenantStats(request, context) }
        let exports = api.group("/export").add(middleware: bearer)
        for what in ExportRequest.What.allCases {
            exports.requiring(what.permission).get("/\(what.rawValue)") { request, context in
                try await export(what.rawValue, request, context)
            }
        }
        exports.requiring(.readLinks).get("/:what") { request, context in
            try await export(context.parameters.get("what") ?? "", request, context)
        }
        for method in [HTTPRequest.Method.get, .post, .patch, .delete, .put] {
            api.on("/**", method: method) { request, _ -> Response in
                throw Problem.notFound("there is no API call \(request.method) \(request.uri.path)")
            }
        }
    }

    // MARK: Calls

    private func create(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let body = try await request.collectBody(upTo: maxBodySize)
        let parsed = try LinkRequest(body: body.readableBytesView)
        try appLinks.check(parsed, request, context)
        switch try await LinkCreator(store: store, clock: clock, passwords: passwords).create(
            parsed, for: context.tenant)
        {
        case .created(let link):
            await audit.record(
                .linkCreated, target: "link:" + link.slug, changes: AuditChange.link(from: nil, to: link),
                request: request, context: context)
            return created(link)
        case .existing(let link): return .json(answer(link))
        }
    }

    private func read(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        .json(LinkJSON.node(try await existingLink(context), now: clock.now()))
    }

    private func update(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let link = try await existingLink(context)
        let body = try await request.collectBody(upTo: maxBodySize)
        let patch: JSONNode
        do {
            patch = try JSONParser(maximumDepth: 16).parse(body.readableBytesView)
        } catch {
            throw Problem(FieldError.malformedJSON(error))
        }
        let changed = try await LinkUpdater(store: store, clock: clock, passwords: passwords).update(
            link, by: patch, for: context.tenant)
        let changes = AuditChange.link(from: link, to: changed)
        if !changes.isEmpty {
            let action: AuditAction =
                changes.allSatisfy { $0.field == "rules" || $0.field == "variants" } ? .rulesChanged : .linkUpdated
            await audit.record(
                action, target: "link:" + changed.slug, changes: changes, request: request, context: context)
        }
        return .json(answer(changed))
    }

    private func delete(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let slug = try slugParameter(context)
        let before = try await store.link(tenant: context.tenant.id, slug: slug)
        guard try await store.deleteLink(tenant: context.tenant.id, slug: slug, at: clock.now()) else {
            throw Problem.notFound("no link \"\(slug)\"", field: "slug")
        }
        await audit.record(
            .linkDeleted, target: "link:" + slug, changes: AuditChange.link(from: before, to: nil), request: request,
            context: context)
        return Response(status: .noContent)
    }

    private func list(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        var limit = 50
        if let text = query.get("limit") {
            guard let value = Int(text), (1...200).contains(value) else {
                throw Problem.invalidField("limit", "limit must be a whole number from 1 to 200, not \"\(text)\"")
            }
            limit = value
        }
        let tag = query.get("tag")
        if let problem = tag.flatMap(LinkTags.problem(with:)) {
            throw Problem.invalidField("tag", problem, code: .invalidTag)
        }
        let page: LinkPage
        do {
            page = try await cursors.page(tenant: context.tenant.id, cursor: query.get("cursor")) { position in
                try await store.links(tenant: context.tenant.id, tagged: tag, after: position, limit: limit)
            }
        } catch let error as LinkStoreError where error.code == .invalidCursor {
            throw Problem.invalidField("cursor", error.description)
        }
        let now = clock.now()
        var members: [JSONNode.Member] = [
            .init(key: "links", value: JSONNode(.array(page.links.map { LinkJSON.node($0, now: now) })))
        ]
        members.append(
            .init(key: "nextCursor", value: page.nextCursor.map { JSONNode(.string($0)) } ?? JSONNode(.null)))
        return .json(JSONNode(.object(members)))
    }

    private func stats(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let range = try StatsRange(validatingFrom: query.get("from"), to: query.get("to"))
        let link = try await existingLink(context)
        return .json(
            StatsJSON.node(
                try await statsReader.linkStats(tenant: context.tenant.id, link: link, range: range), of: link))
    }

    /// `GET /api/v1/stats?from=&to=&top=`: the tenant's clicks, visitors, most clicked links,
    /// platforms and countries.
    private func tenantStats(_ request: Request, _ context: APIRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let range = try StatsRange(validatingFrom: query.get("from"), to: query.get("to"))
        var top = 10
        if let text = query.get("top") {
            guard let value = Int(text), (1...100).contains(value) else {
                throw Problem.invalidField("top", "top is \"\(text)\"; give a whole number from 1 to 100")
            }
            top = value
        }
        let (stats, source) = try await statsReader.tenantStats(tenant: context.tenant.id, range: range, top: top)
        let funnel = try await statsReader.funnel(tenant: context.tenant.id, linkID: nil, range: range)
        return .json(StatsJSON.node(stats, source: source, range: range, funnel: funnel))
    }

    /// What an installed app asks when a short link opened it: the destination and the link's data.
    private func resolve(_ request: Request, _ context: LinkRequestContext) async throws -> Response {
        let client = addressing.rateLimitBucket(of: request, context: context)
        if let wait = resolveLimiter.acquire(client) {
            throw Problem.rateLimited("too many resolve calls from \(client)", retryAfter: wait)
        }
        guard let text = request.uri.queryParameters.get("url") else {
            throw Problem.invalidField("url", "pass the short link that opened the app as ?url=", code: .missingField)
        }
        guard let url = WebURL(http: text) else {
            throw Problem.invalidField("url", "\"\(text)\" is not an http(s) URL")
        }
        guard let tenant = tenants.tenant(forHost: url.host) else {
            throw Problem.notFound("\(url.host) is not a domain of this server", field: "url")
        }
        let slug = url.path.dropFirst()
        if SlugRules.isWellFormed(slug), let link = try await store.cachedLink(tenant: tenant.id, slug: String(slug)) {
            return try resolution(of: link, tenant: tenant, request: request)
        }
        if case .matched(let route, let parameters) = tenant.routes.resolve(text) {
            let clickID = recordOpen(linkID: nil, utm: UTMParameters(), tenant: tenant, request: request)
            return .json(
                LinkJSON.resolution(ofRoutePath: text, route: route, parameters: parameters, clickID: clickID))
        }
        throw Problem.notFound("\(text) is no link of \(tenant.id) (unknown, deleted or expired)", field: "url")
    }

    /// The resolve call's answer for a stored link, in the visit's order (expired, then
    /// password): an expired link answers its `expiredURL` as the visit's `302` would, else `410`;
    /// a protected link answers `401` without its destination, so that the app opens the short
    /// URL in a browser, which asks for the password.
    private func resolution(of link: Link, tenant: Tenant, request: Request) throws -> Response {
        if link.isExpired(at: clock.now()) {
            guard let expiredURL = link.content.expiredURL else {
                throw Problem.linkExpired(link.shortURL)
            }
            return .json(
                LinkJSON.resolution(
                    of: link, destination: expiredURL, expired: true, opening: tenant.routes.resolve(expiredURL)))
        }
        if link.content.passwordHash != nil {
            throw Problem.passwordRequired(link.shortURL)
        }
        let destination = link.content.destination
        let clickID = recordOpen(linkID: link.id, utm: link.content.utm, tenant: tenant, request: request)
        return .json(
            LinkJSON.resolution(
                of: link, destination: destination, opening: tenant.routes.resolve(destination), clickID: clickID))
    }

    /// Records the click of an app that a short link opened directly, as a redirect records its
    /// visit (into the buffer, no write here): its id is what the app's events name.
    private func recordOpen(linkID: String?, utm: UTMParameters, tenant: Tenant, request: Request) -> ClickID? {
        guard let clicks else { return nil }
        let client = ClientInfo(userAgent: request.headers.value(of: .userAgent))
        let click = Click(
            linkID: linkID, tenant: tenant.id, time: clock.now(), platform: client.platform, os: client.os,
            browser: client.browser, isBot: client.isBot, utm: utm, inApp: client.inApp)
        clicks.append(click)
        return click.id
    }

    // MARK: Helpers

    private func slugParameter(_ context: APIRequestContext) throws -> String {
        let slug = context.parameters.get("slug") ?? ""
        guard SlugRules.isWellFormed(slug) else {
            throw Problem.invalidField(
                "slug", "\"\(slug)\" is not a slug: 1 to 64 of A-Z, a-z, 0-9, \"_\" and \"-\"", code: .invalidSlug)
        }
        return slug
    }

    /// The key's tenant's link named by the path's slug; `404` when it has none (another tenant's
    /// too).
    package func existingLink(_ context: APIRequestContext) async throws -> Link {
        let slug = try slugParameter(context)
        guard let link = try await store.link(tenant: context.tenant.id, slug: slug) else {
            throw Problem.notFound("\(context.tenant.id) has no link \"\(slug)\"", field: "slug")
        }
        return link
    }

    /// The answer to a write: the link, and the warnings about what it asked for.
    private func answer(_ link: Link) -> JSONNode {
        LinkJSON.node(
            link, now: clock.now(), warnings: LinkWarning.warnings(for: link.content, countryKnown: countryKnown))
    }

    private func created(_ link: Link) -> Response {
        logger.info(
            "link created", metadata: ["tenant": "\(link.tenant)", "slug": "\(link.slug)", "id": "\(link.id)"])
        var response = Response.json(answer(link), status: .created)
        response.headers[.location] = "/api/v1/links/\(link.slug)"
        return response
    }
}
