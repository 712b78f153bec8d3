import Foundation
import Logging

/// Everything the handlers share, built once when the server is made.
final class ServiceState: Sendable {
    let configuration: LinkServiceConfiguration
    let tenants: TenantDirectory
    let store: any LinkStore
    let cache: LinkCache
    let clicks: ClickBuffer
    let metrics: LinkServiceMetrics
    let resolveLimiter: RateLimiter
    let apiLimiter: RateLimiter
    let pages: PageRenderer
    let consolePages: ConsoleRenderer
    let consoleSignInLimiter: RateLimiter
    let logger: Logger

    init(configuration: LinkServiceConfiguration, tenants: TenantDirectory, store: any LinkStore, logger: Logger) throws
    {
        self.configuration = configuration
        self.tenants = tenants
        self.store = store
        self.cache = LinkCache(lifetime: configuration.linkCacheLifetime, capacity: configuration.linkCacheCapacity)
        self.metrics = LinkServiceMetrics()
        self.clicks = ClickBuffer(
            batchSize: configuration.clickBatchSize, limit: configuration.clickBufferLimit, metrics: metrics)
        self.resolveLimiter = RateLimiter(configuration.resolveRateLimit)
        self.apiLimiter = RateLimiter(configuration.apiRateLimit)
        self.pages = try PageRenderer()
        self.consolePages = try ConsoleRenderer()
        self.consoleSignInLimiter = RateLimiter(configuration.consoleSignInRateLimit)
        self.logger = logger
    }

    /// The tenant's link with this slug, from the cache or the store; while the store cannot
    /// answer, the last known answer if there is one.
    func link(tenant: String, slug: String) async throws -> Link? {
        if let cached = cache.lookup(tenant: tenant, slug: slug) { return cached }
        let generation = cache.generation
        let link: Link?
        do {
            link = try await store.link(tenant: tenant, slug: slug)
        } catch {
            if let lastKnown = cache.lastKnown(tenant: tenant, slug: slug) { return lastKnown }
            throw error
        }
        cache.store(link, tenant: tenant, slug: slug, readAt: generation)
        return link
    }
}
