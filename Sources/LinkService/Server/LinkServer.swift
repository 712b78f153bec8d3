import DNSClient
import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import LinkCore
import LinkDelivery
import LinkStorage
import Logging
import NIOCore
import Prometheus
import ServiceLifecycle

/// The link service: tenants from manifests, a store, and the HTTP application that serves them.
///
/// ```swift
/// let database = try await LinkDatabase.open(.sqlite(path: "wayfinder.sqlite"))
/// let server = try LinkServer(manifests: [manifest], database: database)
/// try await server.run()   // until SIGTERM/SIGINT; then pending clicks are written
/// try await database.close()
/// ```
///
/// The application runs the click flusher as a service next to the HTTP server; on graceful
/// shutdown the server stops taking requests first, then every buffered click is written.
public struct LinkServer: Sendable {
    // The composition root: what lives as long as the server, made once here. Each handler is
    // given, when the router is built, only the parts it uses (as Hummingbird's examples hand a
    // repository to their controllers); nothing passes this whole set around.
    package let configuration: LinkServiceConfiguration
    package let tenants: TenantDirectory
    /// The store, behind the bounded cache of links read for redirects.
    package let store: CachingLinkStore
    /// API keys' tenants, read through a short-lived cache.
    package let keys: APIKeyCache
    package let clicks: ClickBuffer
    /// App events waiting to be written (`POST /api/v1/events`), as clicks wait.
    package let events: BatchBuffer<AppEvent>
    /// Answers of events with a dedupe key, until they are surely written.
    package let recentEvents = RecentEvents()
    /// The analytics engine, when one is configured.
    package let analytics: ClickAnalytics?
    package let metrics: LinkServiceMetrics
    package let webhookMetrics: WebhookMetrics
    package let manifestMetrics: ManifestMetrics
    package let deferred: DeferredLinks
    package let pages: PageRenderer
    /// The one check of API keys (their cache and their budget), whichever API a key calls.
    package let authenticator: APIKeyAuthenticator
    package let resolveLimiter: RateLimiter
    package let consoleSignInLimiter: RateLimiter
    /// Wrong passwords per client address and link: ``RedirectHandler/passwordGuesses``.
    package let passwordLimiter: RateLimiter
    /// ``RedirectHandler/passwordChecksPerAddress``.
    package let passwordAddressLimiter: RateLimiter
    /// Visitors' password checks, off the event loops.
    package let passwordChecks = PasswordChecks()
    /// Per client address, for everything that needs no key.
    package let publicLimit: PublicRateLimit
    /// Every "now" of the server (`ServiceClock`).
    package let clock: ServiceClock
    /// Where visitors are, for redirect rules' `country` conditions.
    package let countryLookup: (any CountryLookup)?
    /// Runtime domains' DNS checks, and the served set's runtime domains.
    package let domainVerifier: DomainVerifier
    /// Served domains' hosting checks, on ``DomainSettings/healthInterval``.
    package var domainHealth: DomainHealthChecker
    /// The console's single sign-on, when `WAYFINDER_OIDC_ISSUER` is set (one instance: it keeps
    /// the sign-ins waiting for their callback).
    package let oidc: OIDCRelyingParty?

    /// Runtime domains' additions, checks and removals.
    package var domainRegistry: DomainRegistry {
        DomainRegistry(
            tenants: tenants, store: store, settings: configuration.domains, verifier: domainVerifier, clock: clock,
            logger: logger)
    }
    package let logger: Logger

    /// A server for the tenants `manifests` describe, storing into `database`; throws
    /// `TenantError` when the manifests cannot serve together (none, or a domain claimed twice).
    public init(
        configuration: LinkServiceConfiguration = LinkServiceConfiguration(), manifests: [Manifest],
        database: LinkDatabase, logger: Logger = Logger(label: "wayfinder"), clock: ServiceClock = .system
    ) throws {
        try self.init(
            configuration: configuration, manifests: manifests, store: database.store, logger: logger, clock: clock)
    }

    package init(
        configuration: LinkServiceConfiguration = LinkServiceConfiguration(), manifests: [Manifest],
        store: any LinkStore,
        logger: Logger = Logger(label: "wayfinder"), clock: ServiceClock = .system
    ) throws {
        self.tenants = TenantDirectory(try TenantSet(manifests: manifests))
        self.configuration = configuration
        self.metrics = LinkServiceMetrics()
        self.webhookMetrics = WebhookMetrics(registry: metrics.registry)
        self.manifestMetrics = ManifestMetrics(registry: metrics.registry)
        // A store that reports every change (SQLite's) keeps links in use in memory until one.
        let followed = (store as? any LinkChangeFeed)?.reportsEveryChange == true
        self.store = CachingLinkStore(
            base: store, lifetime: followed ? nil : configuration.linkCacheLifetime,
            capacity: configuration.linkCacheCapacity,
            registry: metrics.registry, clock: ContinuousClock())
        self.keys = APIKeyCache(
            store: store, tenants: tenants, lifetime: configuration.apiKeyCacheLifetime, clock: clock)
        self.clicks = ClickBuffer(
            batchSize: configuration.clickBatchSize, limit: configuration.clickBufferLimit, metrics: metrics.clicks)
        self.events = BatchBuffer(
            batchSize: configuration.clickBatchSize, limit: configuration.clickBufferLimit, metrics: metrics.events)
        self.analytics = try ClickAnalytics(
            configuration: configuration, store: store, registry: metrics.registry, clock: clock)
        self.deferred = DeferredLinks(configuration: configuration, metrics: metrics, clock: clock)
        self.pages = try PageRenderer()
        self.authenticator = APIKeyAuthenticator(
            keys: keys, limiter: RateLimiter(configuration.apiRateLimit, clock: clock))
        self.resolveLimiter = RateLimiter(configuration.resolveRateLimit, clock: clock)
        self.consoleSignInLimiter = RateLimiter(configuration.consoleSignInRateLimit, clock: clock)
        self.passwordLimiter = RateLimiter(RedirectHandler.passwordGuesses, clock: clock)
        self.passwordAddressLimiter = RateLimiter(RedirectHandler.passwordChecksPerAddress, clock: clock)
        self.publicLimit = PublicRateLimit(
            limiter: RateLimiter(configuration.publicRateLimit, clock: clock),
            addressing: ClientAddressing(configuration))
        self.clock = clock
        self.countryLookup = try configuration.makeCountryLookup()
        self.domainVerifier = DomainVerifier(
            store: self.store, tenants: tenants,
            resolver: try configuration.domains.resolver.map { try DNSResolver(address: $0) } ?? .system(),
            clock: clock, logger: logger)
        self.domainHealth = DomainHealthChecker(
            store: self.store, tenants: tenants, settings: configuration.domains,
            metrics: DomainHealthMetrics(registry: metrics.registry), clock: clock, logger: logger)
        self.oidc = configuration.oidcIssuer.map { issuer in
            OIDCRelyingParty(
                settings: OIDCClientSettings(
                    issuer: issuer, clientID: configuration.oidcClientID ?? "",
                    clientSecret: configuration.oidcClientSecret ?? "", redirectURI: configuration.oidcRedirectURI ?? ""
                ),
                clock: clock)
        }
        self.logger = logger
    }

    /// The HTTP application, with the click flusher as one of its services, the metrics listener
    /// when ``LinkServiceConfiguration/metricsAddress`` names one, and, given `reloadManifests`,
    /// a reload of the manifests on `SIGHUP` (see ``reload(using:)``).
    public func makeApplication(reloadManifests: (@Sendable () async throws -> [Manifest])? = nil)
        -> some ApplicationProtocol
    {
        let flusher = ClickFlusher(
            buffer: clicks, write: writeClicks, interval: configuration.clickFlushInterval, timer: ContinuousClock(),
            metrics: metrics.clicks, logger: logger)
        let eventFlusher = BatchFlusher(
            buffer: events,
            write: { [store, analytics] in
                if let analytics { try await analytics.write($0) } else { try await store.insertEvents($0) }
            },
            interval: configuration.clickFlushInterval, timer: ContinuousClock(), metrics: metrics.events,
            logger: logger)
        var services: [any Service] = [flusher, eventFlusher, deferred.refresher(store: store, logger: logger)]
        if configuration.webhooks.deliver {
            var deliverer = WebhookDeliverer(
                store: store.base, settings: configuration.webhooks, clock: clock, timer: ContinuousClock(),
                metrics: webhookMetrics, logger: logger)
            deliverer.niceness = Int32(configuration.backgroundNiceness)
            services.append(deliverer)
        }
        if let analytics { services += analytics.services(logger: logger) }
        if let feed = store.base as? any LinkChangeFeed {
            services.append(
                LinkChangeFollower(
                    feed: feed, cache: store, keys: keys,
                    refreshDomains: { [domainVerifier] in try await domainVerifier.refreshServed() }, logger: logger))
        }
        services.append(
            SharedRowsRefresher(name: "runtime domains", interval: configuration.domains.checkInterval, logger: logger)
            {
                [domainVerifier] in
                try await domainVerifier.refreshServed()
                try await domainVerifier.checkDue()
            })
        // The audit log's retention: entries past it are pruned hourly (every instance may prune;
        // deleting what another instance deleted deletes nothing).
        services.append(
            SharedRowsRefresher(name: "audit log retention", interval: .seconds(3_600), logger: logger) {
                [store = store.base, clock, retention = configuration.auditRetention] in
                _ = try await store.pruneAudit(before: clock.now().addingTimeInterval(-retention.timeInterval))
            })
        if configuration.domains.healthInterval > .zero {
            services.append(DomainHealthScheduler(checker: domainHealth, logger: logger))
        }
        if let trimmer = MemoryTrimmer(interval: configuration.memoryTrimInterval) {
            services.append(trimmer)
        }
        if let address = configuration.metricsAddress {
            services.append(MetricsListener(application: makeMetricsApplication(address: address), address: address))
        }
        if let reloadManifests {
            services.append(
                ManifestReloader(reload: { _ = await reload(using: reloadManifests) }, logger: logger))
        }
        let router = makeRouter()
        let routed = ShadowedLinks.firstSegments(of: router.routes.map { "\($0.path)" })
        var application = Application(
            router: router,
            server: .link(
                limits: configuration.connectionLimits, addressing: publicLimit.addressing,
                metrics: ConnectionMetrics(registry: metrics.registry)),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "wayfinder"),
            services: services,
            logger: logger)
        application.beforeServerStarts { [deferred, store, analytics, tenants, domainVerifier, logger] in
            await deferred.loadKeyring(from: store, logger: logger)
            try await domainVerifier.refreshServed()
            await ShadowedLinks.warn(store: store.base, tenants: tenants.all, segments: routed, logger: logger)
            try await analytics?.start(logger: logger)
        }
        return application
    }

    package func makeRouter() -> Hummingbird.Router<LinkRequestContext> {
        // HEAD is GET without a body on every GET route (RFC 9110 §9.3.2).
        let router = Hummingbird.Router(context: LinkRequestContext.self, options: .autoGenerateHeadEndpoints)
        router.add(middleware: RequestLogMiddleware())
        router.add(middleware: ProblemMiddleware(metrics: metrics))
        let allowed = AllowedMethods()
        router.add(middleware: MethodNotAllowedMiddleware(allowed: allowed))
        let cursors = ListCursors(keyring: deferred.keyring, store: store)
        router.get("/healthz") { _, _ in Response.text("ok\n") }
        FaviconHandler().register(on: router)
        ReadinessHandler(store: store.base, logger: logger).register(on: router)
        TLSAskHandler(tenants: tenants, trustedProxies: configuration.trustedProxies).register(on: router)
        let addressing = publicLimit.addressing
        let audit = AuditLog(store: store.base, addressing: addressing, clock: clock, logger: logger)
        OpenAPIDocument().register(on: router)
        DeferredClaimsAPI(deferred: deferred, tenants: tenants, store: store, addressing: addressing, logger: logger)
            .register(on: router)
        LinksAPI(
            tenants: tenants, store: store, cursors: cursors, authenticator: authenticator,
            resolveLimiter: resolveLimiter, addressing: addressing, publicLimit: publicLimit,
            maxBodySize: configuration.maxBodySize, statsReader: statsReader, clock: clock,
            countryKnown: countryLookup != nil, logger: logger, passwords: passwordChecks,
            appLinks: AppLinkGate(limit: configuration.appLinkRateLimit, addressing: addressing, clock: clock),
            audit: audit, clicks: clicks
        ).register(on: router)
        EventsAPI(
            store: store, tenants: tenants, clicks: clicks, events: events, recent: recentEvents, deferred: deferred,
            authenticator: authenticator, publicLimit: publicLimit, clock: clock, logger: logger
        ).register(on: router)
        AuditAPI(store: store.base, cursors: cursors, authenticator: authenticator, publicLimit: publicLimit)
            .register(on: router)
        FirebaseShortLinksAPI(
            tenants: tenants, store: store, authenticator: authenticator, publicLimit: publicLimit,
            maxBodySize: configuration.maxBodySize, clock: clock, logger: logger, stats: statsReader
        ).register(on: router)
        WebhooksAPI(
            tenants: tenants, store: store, authenticator: authenticator, publicLimit: publicLimit,
            maxBodySize: configuration.maxBodySize, settings: configuration.webhooks, clock: clock, logger: logger,
            audit: audit
        ).register(on: router)
        DomainsAPI(
            registry: domainRegistry, authenticator: authenticator, publicLimit: publicLimit,
            maxBodySize: configuration.maxBodySize, audit: audit
        ).register(on: router)
        MembersAPI(
            members: MemberDirectory(store: store, clock: clock), authenticator: authenticator,
            publicLimit: publicLimit, maxBodySize: configuration.maxBodySize, audit: audit
        ).register(on: router)
        WellKnownHandler(tenants: tenants, publicLimit: publicLimit, maxAge: configuration.wellKnownMaxAge)
            .register(on: router)
        // Before the catch-all below: /admin is never a tenant's path.
        Console(
            sessions: ConsoleSessions(
                store: store, keys: keys, tenants: tenants, idleTimeout: configuration.consoleIdleTimeout,
                lifetime: configuration.consoleSessionLifetime, clock: clock),
            store: store, cursors: cursors, pages: pages, signInLimiter: consoleSignInLimiter, publicLimit: publicLimit,
            maxBodySize: configuration.maxBodySize, webhookSettings: configuration.webhooks, statsReader: statsReader,
            clock: clock, logger: logger, passwords: passwordChecks, drafts: ConsoleDrafts(clock: clock),
            audit: audit,
            domainRegistry: domainRegistry, oidc: oidc, keySignIn: configuration.consoleKeySignIn,
            allowedEmailDomains: configuration.allowedEmailDomains
        ).register(on: router)
        let redirects = RedirectHandler(
            tenants: tenants, store: store, clicks: clicks, writeClicks: writeClicks, visitorKeys: analytics?.keys,
            clickFlush: configuration.clickFlush,
            issuer: deferred.issuer, pages: pages,
            plans: VisitPlanCache(redirects: configuration.linkCacheCapacity), publicLimit: publicLimit,
            metrics: metrics, clock: clock, countryLookup: countryLookup, passwordLimiter: passwordLimiter,
            passwordAddressLimiter: passwordAddressLimiter, passwordChecks: passwordChecks, logger: logger)
        router.get("/") { request, context in try await redirects.respond(to: request, context: context) }
        router.get("/**") { request, context in try await redirects.respond(to: request, context: context) }
        router.post("/**") { request, context in try await redirects.submitPassword(to: request, context: context) }
        allowed.learn(router.routes)
        return router
    }

    /// Stores a batch of clicks with their `link.clicked` webhook messages, and with their events in
    /// the analytics outbox when an analytics engine is configured; click events past the webhook
    /// outbox's bound are dropped, counted and logged.
    package var writeClicks: @Sendable ([Click]) async throws -> Void {
        {
            [base = store.base, analytics, limit = configuration.webhooks.clickEventLimit, webhookMetrics, logger] batch
            in
            let outcome =
                if let analytics {
                    try await analytics.write(batch, clickEventLimit: limit)
                } else {
                    try await base.insertClicks(batch, clickEventLimit: limit)
                }
            webhookMetrics.clickEventsQueued.increment(by: Int64(outcome.queuedClickEvents))
            if outcome.droppedClickEvents > 0 {
                webhookMetrics.clickEventsDropped.increment(by: Int64(outcome.droppedClickEvents))
                logger.warning(
                    "link.clicked webhook events dropped: the outbox holds its bound of undelivered click events",
                    metadata: ["dropped": "\(outcome.droppedClickEvents)", "bound": "\(limit)"])
            }
        }
    }

    /// The router of the metrics listener: `GET /metrics` (Prometheus text) and nothing else (tests
    /// ask it directly).
    package func makeMetricsRouter() -> Hummingbird.Router<BasicRequestContext> {
        let router = Hummingbird.Router()
        router.get("/metrics") { [metrics] _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
        return router
    }

    /// The metrics listener: its own address, so that no tenant domain shows traffic totals.
    package func makeMetricsApplication(address: ListenAddress) -> some ApplicationProtocol {
        Application(
            router: makeMetricsRouter(),
            configuration: .init(address: .hostname(address.host, port: address.port), serverName: "wayfinder"),
            logger: logger)
    }

    /// Stats from the analytics engine when one is configured, else from the rollups.
    package var statsReader: StatsReader { StatsReader(store: store, analytics: analytics, logger: logger) }

    /// Runs the service until SIGTERM or SIGINT, then shuts down gracefully (pending clicks are
    /// written before it returns). Given `reloadManifests`, `SIGHUP` reloads the manifests with it.
    /// A listener whose address the system refuses throws a `ListenerError`, naming the address and
    /// the setting that moves it.
    public func run(reloadManifests: (@Sendable () async throws -> [Manifest])? = nil) async throws {
        do {
            try await makeApplication(reloadManifests: reloadManifests).runService()
        } catch {
            let address = ListenAddress(host: configuration.host, port: configuration.port)
            throw ListenerError(error, listener: .link, address: "\(address)") ?? error
        }
    }

    /// Serves `manifests` from the next request on, all of them or none: when they cannot be
    /// served together (`TenantError`) or `load` fails, the set served so far stays, the refusal
    /// is logged, and `/metrics` shows it. Requests in flight finish with the set they started on.
    ///
    /// Returns whether the new set was taken.
    @discardableResult
    public func reload(using load: @Sendable () async throws -> [Manifest]) async -> Bool {
        let time = clock.now().timeIntervalSince1970
        do {
            let tenantSet = try TenantSet(manifests: try await load())
            tenants.replace(with: tenantSet)
            manifestMetrics.recordReload(succeeded: true, at: time)
            logger.notice(
                "manifests reloaded", metadata: ["tenants": "\(tenantSet.all.map(\.id).joined(separator: ","))"])
            return true
        } catch {
            manifestMetrics.recordReload(succeeded: false, at: time)
            logger.error(
                "manifest reload refused; the manifests loaded before keep serving", metadata: ["error": "\(error)"])
            return false
        }
    }

    /// Clicks waiting in memory (for tests and `/metrics`).
    package var pendingClicks: Int {
        get async { clicks.count }
    }
}
