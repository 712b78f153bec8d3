import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import LinkCore
import LinkDelivery
import LinkStorage
import Logging
import NIOCore
import Prometheus

/// `GET /{slug}` and every other path of a tenant domain: short links, route paths opened where
/// the app is not installed, and Firebase-style long links. Reads come from the link cache; the
/// click goes to the in-memory buffer (or, with `ClickFlushMode/synchronous`, to the database
/// before the answer).
///
/// This is the service's hot path: the query string is parsed once and only when there is one,
/// URLs are built only for what needs them, and nothing is logged unless something fails.
package struct RedirectHandler: Sendable {
    package let tenants: TenantDirectory
    package let store: CachingLinkStore
    package let clicks: ClickBuffer
    /// Stores clicks at once (`ClickFlushMode/synchronous`): ``LinkServer/writeClicks``.
    package let writeClicks: @Sendable ([Click]) async throws -> Void
    /// Makes each click's visitor key when an analytics engine is configured.
    package let visitorKeys: VisitorKeys?
    /// ``LinkServiceConfiguration/clickFlush``.
    package let clickFlush: ClickFlushMode
    package let issuer: ClaimTokenIssuer
    package let pages: PageRenderer
    /// Stored links' answers per version and kind of visitor.
    package let plans: VisitPlanCache
    package let publicLimit: PublicRateLimit
    package let metrics: LinkServiceMetrics
    package let clock: ServiceClock
    /// Where visitors are, for `country` conditions; `nil` when the server has no source.
    package var countryLookup: (any CountryLookup)?
    /// Wrong passwords per client address and link, on the server's clock.
    package let passwordLimiter: RateLimiter
    /// Password checks per client address across all links, on the server's clock.
    package let passwordAddressLimiter: RateLimiter
    /// Where passwords are checked, off the event loops.
    package let passwordChecks: PasswordChecks
    package let logger: Logger

    /// Wrong passwords allowed per client address and link: 10 in 10 minutes.
    package static let passwordGuesses = RateLimit(requests: 10, per: .seconds(600))
    /// Password checks allowed per client address across all links: 30 in 10 minutes. Each costs
    /// tens of milliseconds of a core, so one address may not spread its guesses over many links.
    package static let passwordChecksPerAddress = RateLimit(requests: 30, per: .seconds(600))

    package func respond(to request: Request, context: LinkRequestContext) async throws -> Response {
        if let refused = publicLimit.refusal(request, context: context) { return refused }
        // Lowercased once: the tenant, the link prefix and the visited URL all use it.
        let host = request.hostName
        guard let tenant = tenants.tenant(forHost: host) else {
            // Someone trying the server under a name it does not serve (127.0.0.1 on a laptop):
            // say which domains it serves and how to try one, the domains being public anyway.
            return pages.response(
                for: NotFoundPage(
                    siteName: nil, websiteURL: nil,
                    unknownHost: .init(host: request.namedHost, domains: tenants.all.flatMap(\.domains).sorted())),
                status: .notFound)
        }
        let path = request.uri.path
        let policy = LinkPolicy(tenant: tenant)
        let query = request.uri.query.map { _ in request.uri.queryParameters }
        // A store error goes on to ProblemMiddleware, which answers an outage with the same 503
        // problem document (and `Retry-After`) as the API.
        guard
            let visited = try await self.visited(
                path: path, host: host, query: query, request: request, tenant: tenant, policy: policy)
        else {
            return notFound(tenant)
        }
        var target: RedirectTarget
        let link: Link?
        let version: VersionStamp?
        switch visited {
        case .link(let cached):
            let stored = cached.link
            if stored.isExpired(at: clock.now()) { return expired(stored, tenant: tenant) }
            // Crawlers and `?d=1` see only the form: nothing of a protected link's destinations.
            if let hash = stored.content.passwordHash,
                query?.get("d") == "1" || !hasPass(stored, hash: hash, request: request)
            {
                return passwordForm(stored, tenant: tenant, request: request, context: context)
            }
            target = RedirectTarget(link: stored, destinationIsWeb: policy.isWebPageQuickly(stored.content.destination))
            link = stored
            version = cached.version
        case .other(let other):
            target = other
            link = nil
            version = nil
        }

        if let query, query.get("d") == "1" {
            var page = debugPage(tenant: tenant, target: target, link: link, query: query, request: request).page
            if let link {
                page.simulation = SimulationTable(
                    try await LinkSimulation(tenant: tenant, link: link, now: clock.now()).rows())
            }
            return pages.response(for: page)
        }
        let client = ClientInfo(userAgent: request.headers.value(of: .userAgent))
        var variantCookie: Cookie? = nil
        var country = VisitCountry(lookup: countryLookup)
        if let link, !link.content.rules.isEmpty || !link.content.variants.isEmpty {
            variantCookie = choose(
                for: link, target: &target, client: client, query: query, request: request, context: context,
                policy: policy, country: &country)
        }
        let acceptsHTML = RedirectPlanner.acceptsHTML(request.headers.value(of: .accept))
        // The token's nonce is the click's id.
        let clickID = ClickID.random()
        let (answered, claimToken) = answer(
            target, version: version, client: client, tenant: tenant, acceptsHTML: acceptsHTML,
            mergesUTM: link.map { $0.content.firebase == nil } ?? false, clickID: clickID)
        var response = answered
        // A HEAD (a link checker's probe) is answered as the GET would be, but is no visit.
        if request.method != .head {
            await record(
                target, tenant: tenant, client: client, query: query, request: request, context: context,
                claimIssued: claimToken != nil, clickID: clickID, country: &country)
        }
        if let variantCookie { response.setCookie(variantCookie) }
        return response
    }

    /// The visit's answer from the ``VisitPlan`` of its kind of visitor, and its claim token. A
    /// stored link's plan (`version` given) is kept for the next visit like this one; route paths
    /// and long links, each visited URL its own, are planned for the visit alone.
    private func answer(
        _ target: RedirectTarget, version: VersionStamp?, client: ClientInfo, tenant: Tenant, acceptsHTML: Bool,
        mergesUTM: Bool, clickID: ClickID
    ) -> (Response, String?) {
        func planned(claims: Bool) -> VisitPlan {
            VisitPlan(
                target: target, client: client, tenant: tenant, acceptsHTML: acceptsHTML, mergesUTM: mergesUTM,
                issuer: issuer, claims: claims, pages: pages)
        }
        let claims = issuer.keyring.canSign
        var plan: VisitPlan
        if let version {
            let key = VisitPlan.Key(
                link: version, tenant: tenant.version, choice: target.choice, kind: client.kind,
                acceptsHTML: acceptsHTML, claims: claims)
            plan = plans.plan(for: key) { planned(claims: claims) }
        } else {
            plan = planned(claims: claims)
        }
        let token = plan.claim.flatMap { issuer.issue(for: $0, target: target, tenant: tenant, clickID: clickID) }
        // The keyring could not sign after all: the answer without a token, as before it loaded.
        if plan.claim != nil, token == nil { plan = planned(claims: false) }
        metrics.countRedirect(platform: client.platform)
        if plan.isPage { metrics.previews.increment() }
        return (plan.response(claimToken: token, clickID: clickID.text, pages: pages), token)
    }

    /// What a visited path is: a stored link (expired or not), or a route path or long link.
    private enum Visited {
        case link(CachedLink)
        case other(RedirectTarget)
    }

    /// What the visited path stands for: a stored link (an existing slug wins), a long link at
    /// the root, or a route of the manifest.
    private func visited(
        path: String, host: String, query: FlatDictionary<Substring, Substring>?, request: Request, tenant: Tenant,
        policy: LinkPolicy
    ) async throws -> Visited? {
        // Under a link path prefix of the domain (FDL's `https://domain/link`), as at the root.
        let linkPath = tenant.pathUnderLinkPrefix(path, host: host) ?? path
        let slug = linkPath.utf8.count > 1 ? linkPath.dropFirst() : ""
        if SlugRules.isWellFormed(slug) {
            if let link = try await store.cachedVersion(tenant: tenant.id, slug: String(slug)) {
                return .link(link)
            }
        }
        let visitedURL = "https://\(host)\(request.uri.description)"
        if linkPath == "/" || linkPath.isEmpty {
            return FirebaseLongLink.target(query: { query?.get($0) }, visitedURL: visitedURL, policy: policy)
                .map(Visited.other)
        }
        guard case .matched = tenant.routes.resolve(visitedURL) else { return nil }
        return .other(
            RedirectTarget(url: visitedURL, destination: visitedURL, destinationIsWeb: policy.isWebPage(visitedURL)))
    }

    private func record(
        _ target: RedirectTarget, tenant: Tenant, client: ClientInfo, query: FlatDictionary<Substring, Substring>?,
        request: Request, context: LinkRequestContext, claimIssued: Bool, clickID: ClickID,
        country: inout VisitCountry
    ) async {
        var utm = target.utm
        if let query {
            for name in UTMParameters.names {
                if let value = query.get("utm_" + name) { utm[name] = value }
            }
        }
        let referrer = request.headers.value(of: .referer).flatMap { WebURL($0)?.host }.flatMap {
            $0.isEmpty ? nil : $0
        }
        let now = clock.now()
        // The client address only when something reads it: the visitor key, or a country source
        // the rules have not asked yet.
        var address: String? = nil
        func clientAddress() -> String {
            if let address { return address }
            let found = publicLimit.addressing.clientAddress(of: request, context: context)
            address = found
            return found
        }
        let visitorKey = visitorKeys?.key(
            tenant: tenant.id, address: clientAddress(), userAgent: request.headers.value(of: .userAgent), at: now)
        var click = Click(
            linkID: target.linkID, tenant: tenant.id, time: now, platform: client.platform, os: client.os,
            browser: client.browser, referrerHost: referrer, isBot: client.isBot, utm: utm, claimIssued: claimIssued,
            visitorKey: visitorKey,
            country: country.country(of: origin(request, context: context, clientAddress: clientAddress())),
            inApp: client.inApp, id: clickID)
        switch target.choice {
        case .rule(let index): click.rule = index
        case .variant(let index): click.variant = index
        case nil: break
        }
        if clickFlush == .synchronous {
            do {
                try await writeClicks([click])
                metrics.clicks.clicksWritten.increment()
                return
            } catch {
                // The visitor is answered anyway; the flusher retries the click with the others.
                logger.warning("click not written; buffered for the next flush", metadata: ["error": "\(error)"])
            }
        }
        clicks.append(click)
    }

    private func notFound(_ tenant: Tenant) -> Response {
        pages.notFoundResponse(siteName: tenant.manifest.name, websiteURL: tenant.websiteURL)
    }
}

extension Request {
    /// HTTP/1 `Host`, for requests that kept it as a field rather than the authority.
    package static let hostField = HTTPField.Name.hostHeader

    /// The `Host` header (HTTP/1) or `:authority` (HTTP/2) as the client sent it, port included;
    /// empty when there is neither.
    package var namedHost: String { headers.value(of: Request.hostField) ?? head.authority ?? "" }

    /// The host the client asked for, lowercased, without port and without the trailing dot of
    /// a fully qualified name (`stories.example.com.` is `stories.example.com`, as DNS and TLS
    /// take it): the `Host` header (HTTP/1) or `:authority` (HTTP/2).
    package var hostName: String {
        let host = SplitURL.hostAndPort(namedHost).host.lowercased()
        return host.hasSuffix(".") ? String(host.dropLast()) : host
    }
}
