import Foundation
import Logging

/// Everything the handlers share, built once when the server is made.
final class ServiceState: Sendable {
    let configuration: LinkServiceConfiguration
    let tenants: TenantDirectory
    /// The store, behind the bounded cache of links read for redirects.
    let store: CachingLinkStore
    let clicks: ClickBuffer
    let metrics: LinkServiceMetrics
    let resolveLimiter: RateLimiter
    let apiLimiter: RateLimiter
    let pages: PageRenderer
    let deferred: DeferredLinks
    let consolePages: ConsoleRenderer
    let consoleSignInLimiter: RateLimiter
    /// Per client address, for everything that needs no key (``limitPublicRequest(_:context:)``).
    let publicLimiter: RateLimiter
    let logger: Logger

    init(configuration: LinkServiceConfiguration, tenants: TenantDirectory, store: any LinkStore, logger: Logger) throws
    {
        self.configuration = configuration
        self.tenants = tenants
        self.metrics = LinkServiceMetrics()
        self.store = CachingLinkStore(
            base: store, lifetime: configuration.linkCacheLifetime, capacity: configuration.linkCacheCapacity,
            registry: metrics.registry)
        self.clicks = ClickBuffer(
            batchSize: configuration.clickBatchSize, limit: configuration.clickBufferLimit, metrics: metrics)
        self.resolveLimiter = RateLimiter(configuration.resolveRateLimit)
        self.apiLimiter = RateLimiter(configuration.apiRateLimit)
        self.pages = try PageRenderer()
        self.deferred = DeferredLinks(configuration: configuration, metrics: metrics)
        self.consolePages = try ConsoleRenderer()
        self.consoleSignInLimiter = RateLimiter(configuration.consoleSignInRateLimit)
        self.publicLimiter = RateLimiter(configuration.publicRateLimit)
        self.logger = logger
    }

    /// The tenant's link with this slug, from the cache or the store; while the store cannot
    /// answer, the last known answer if there is one.
    func link(tenant: String, slug: String) async throws -> Link? {
        try await store.cachedLink(tenant: tenant, slug: slug)
    }
}
