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
    let state: ServiceState

    public init(
        configuration: LinkServiceConfiguration = LinkServiceConfiguration(), manifests: [Manifest],
        store: any LinkStore,
        logger: Logger = Logger(label: "wayfinder")
    ) throws {
        guard !manifests.isEmpty else { throw TenantError.noTenants }
        let tenants = try TenantDirectory(manifests.map(Tenant.make(from:)))
        state = try ServiceState(configuration: configuration, tenants: tenants, store: store, logger: logger)
    }

    /// The HTTP application, with the click flusher as one of its services.
    public func makeApplication() -> some ApplicationProtocol {
        let flusher = ClickFlusher(
            buffer: state.clicks, store: state.store.base, interval: state.configuration.clickFlushInterval,
            metrics: state.metrics,
            logger: state.logger)
        var services: [any Service] = [flusher, state.deferred.refresher(store: state.store, logger: state.logger)]
        if let feed = state.store.base as? any LinkChangeFeed {
            services.append(LinkChangeFollower(feed: feed, cache: state.store, logger: state.logger))
        }
        var application = Application(
            router: makeRouter(),
            configuration: .init(
                address: .hostname(state.configuration.host, port: state.configuration.port), serverName: "wayfinder"),
            services: services,
            logger: state.logger)
        application.beforeServerStarts { [state] in
            await state.deferred.loadKeyring(from: state.store, logger: state.logger)
        }
        return application
    }

    func makeRouter() -> Hummingbird.Router<LinkRequestContext> {
        let router = Hummingbird.Router(context: LinkRequestContext.self)
        router.add(middleware: ProblemMiddleware(metrics: state.metrics))
        router.get("/healthz") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(string: "ok\n")))
        }
        router.get("/metrics") { [state] _, _ in
            Response(
                status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                body: .init(byteBuffer: ByteBuffer(bytes: state.metrics.exposition())))
        }
        DeferredClaimsAPI(state: state).register(on: router)
        LinksAPI(state: state).register(on: router)
        FirebaseShortLinksAPI(state: state).register(on: router)
        WellKnownHandler(state: state).register(on: router)
        // Before the catch-all below: /admin is never a tenant's path.
        Console(state: state).register(on: router)
        let redirects = RedirectHandler(state: state)
        router.get("/") { request, context in try await redirects.respond(to: request, context: context) }
        router.get("/**") { request, context in try await redirects.respond(to: request, context: context) }
        return router
    }

    /// Runs the service until SIGTERM or SIGINT, then shuts down gracefully (pending clicks are
    /// written before it returns).
    public func run() async throws {
        try await makeApplication().runService()
    }

    /// Clicks waiting in memory (for tests and `/metrics`).
    public var pendingClicks: Int {
        get async { state.clicks.count }
    }
}
