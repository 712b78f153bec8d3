import DeepLinkRouting
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import ServiceLifecycle

/// The link service: tenants from manifests, a store, and the HTTP application that serves them.
///
/// ```swift
/// let store = try await SQLiteLinkStore.open(path: "wayfinder.sqlite")
/// let server = try LinkServer(manifests: [manifest], store: store)
/// try await server.run()   // until SIGTERM/SIGINT; then pending clicks are written
/// ```
///
/// The application runs the click flusher as a service next to the HTTP server; on graceful
/// shutdown the server stops taking requests first, then every buffered click is written.
public struct LinkServer: Sendable {
    // The composition root: what lives as long as the server, made once here. Each handler is
    // given, when the router is built, only the parts it uses (as Hummingbird's examples hand a
    // repository to their controllers); nothing passes this whole set around.
    let configuration: LinkServiceConfiguration
    let tenants: TenantDirectory
    /// The store, behind the bounded cache of links read for redirects.
    let store: CachingLinkStore
    let clicks: ClickBuffer
    /// The analytics engine, when one is configured.
    let analytics: ClickAnalytics?
    let metrics: LinkServiceMetrics
    let deferred: DeferredLinks
    let pages: PageRenderer
    let apiLimiter: RateLimiter
    let resolveLimiter: RateLimiter
    let consoleSignInLimiter: RateLimiter
    /// Per client address, for everything that needs no key.
    let publicLimit: PublicRateLimit
    /// Every "now" of the server (``ServiceClock``).
    let clock: ServiceClock
    let logger: Logger

    public init(
        configuration: LinkServiceConfiguration = LinkServiceConfiguration(), manifests: [Manifest],
        store: any LinkStore,
        logger: Logger = Logger(label: "wayfinder"), clock: ServiceClock = .system
    ) throws {
        guard !manifests.isEmpty else { throw TenantError.noTenants }
        self.tenants = try TenantDirectory(manifests.map(Tenant.make(from:)))
        self.configuration = configuration
        self.metrics = LinkServiceMetrics()
        self.store = CachingLinkStore(
            base: store, lifetime: configuration.linkCacheLifetime, capacity: configuration.linkCacheCapacity,
            registry: metrics.registry)
        self.clicks = ClickBuffer(
            batchSize: configuration.clickBatchSize, limit: configuration.clickBufferLimit, metrics: metrics)
        self.analytics = try ClickAnalytics(
            configuration: configuration, store: store, registry: metrics.registry, clock: clock)
        self.deferred = DeferredLinks(configuration: configuration, metrics: metrics, clock: clock)
        self.pages = try PageRenderer()
        self.apiLimiter = RateLimiter(configuration.apiRateLimit)
        self.resolveLimiter = RateLimiter(configuration.resolveRateLimit)
        self.consoleSignInLimiter = RateLimiter(configuration.consoleSignInRateLimit)
        self.publicLimit = PublicRateLimit(
            limiter: RateLimiter(configuration.publicRateLimit), addressing: ClientAddressing(configuration))
        self.clock = clock
        self.logger = logger
    }

    /// The HTTP application, with the click flusher as one of its services.
    public func makeApplication() -> some ApplicationProtocol {
        let flusher = ClickFlusher(
            buffer: clicks, write: writeClicks, interval: configuration.clickFlushInterval, metrics: metrics,
            logger: logger)
        var services: [any Service] = [flusher, deferred.refresher(store: store, logger: logger)]
        if let analytics { services += analytics.services(logger: logger) }
        if let feed = store.base as? any LinkChangeFeed {
            services.append(LinkChangeFollower(feed: feed, cache: store, logger: logger))
        }
        if let trimmer = MemoryTrimmer(interval: configuration.memoryTrimInterval) {
            services.append(trimmer)
        }
        var application = Application(
            router: makeRouter(),
            configuration: .init(
                address: .hostname(configuration.host, port: configuration.port), serverName: "wayfinder"),
            services: services,
            logger: logger)
        application.beforeServerStarts { [deferred, store, analytics, logger] in
            await deferred.loadKeyring(from: store, logger: logger)
            try await analytics?.start(logger: logger)
        }
        return application
    }

    func makeRouter() -> Hummingbird.Router<LinkRequestContext> {
        let router = Hummingbird.Router(context: LinkRequestContext.self)
        router.add(middleware: ProblemMiddleware(metrics: metrics))
        router.get("/healthz") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
        }
        router.get("/metrics") { [metrics] _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: metrics.exposition())))
        }
        let addressing = publicLimit.addressing
        OpenAPIDocument().register(on: router)
        DeferredClaimsAPI(deferred: deferred, tenants: tenants, store: store, addressing: addressing, logger: logger)
            .register(on: router)
        LinksAPI(
            tenants: tenants, store: store, apiLimiter: apiLimiter, resolveLimiter: resolveLimiter,
            addressing: addressing, publicLimit: publicLimit, maxBodySize: configuration.maxBodySize,
            statsReader: statsReader, clock: clock, logger: logger
        ).register(on: router)
        FirebaseShortLinksAPI(
            tenants: tenants, store: store, apiLimiter: apiLimiter, publicLimit: publicLimit,
            maxBodySize: configuration.maxBodySize, clock: clock, logger: logger
        ).register(on: router)
        WellKnownHandler(tenants: tenants, publicLimit: publicLimit, maxAge: configuration.wellKnownMaxAge)
            .register(on: router)
        // Before the catch-all below: /admin is never a tenant's path.
        Console(
            sessions: ConsoleSessions(
                store: store, tenants: tenants, idleTimeout: configuration.consoleIdleTimeout, clock: clock),
            store: store, pages: pages, signInLimiter: consoleSignInLimiter, publicLimit: publicLimit,
            maxBodySize: configuration.maxBodySize, statsReader: statsReader, clock: clock, logger: logger
        ).register(on: router)
        let redirects = RedirectHandler(
            tenants: tenants, store: store, clicks: clicks, writeClicks: writeClicks, visitorKeys: analytics?.keys,
            clickFlush: configuration.clickFlush,
            issuer: deferred.issuer, pages: pages, publicLimit: publicLimit, metrics: metrics, clock: clock,
            logger: logger)
        router.get("/") { request, context in try await redirects.respond(to: request, context: context) }
        router.get("/**") { request, context in try await redirects.respond(to: request, context: context) }
        return router
    }

    /// Where a batch of clicks is stored: with their events in the outbox when an analytics engine
    /// is configured, else with the rollups alone.
    var writeClicks: @Sendable ([Click]) async throws -> Void {
        if let analytics { return { try await analytics.write($0) } }
        return { [base = store.base] in try await base.insertClicks($0) }
    }

    /// Stats from the analytics engine when one is configured, else from the rollups.
    var statsReader: StatsReader { StatsReader(store: store, analytics: analytics, logger: logger) }

    /// Runs the service until SIGTERM or SIGINT, then shuts down gracefully (pending clicks are
    /// written before it returns).
    public func run() async throws {
        try await makeApplication().runService()
    }

    /// Clicks waiting in memory (for tests and `/metrics`).
    package var pendingClicks: Int {
        get async { clicks.count }
    }
}
