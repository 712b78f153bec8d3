import LinkCore
import LinkStorage
import Logging
import ServiceLifecycle

/// Keeps the link cache, the API key cache and the served runtime domains right when other
/// instances or processes change links, revoke keys or change domains: drops a cached link or key
/// as soon as the store's `LinkChangeFeed` reports it changed, reads the runtime domains again
/// when one changed, and does all of it when the feed (re)connects or, for SQLite, reports that
/// another process committed to the file. Runs as a service of the application
/// until graceful shutdown.
package struct LinkChangeFollower: Service {
    package let feed: any LinkChangeFeed
    package let cache: CachingLinkStore
    package let keys: APIKeyCache
    /// Reads the runtime domains again and serves the verified ones.
    package let refreshDomains: @Sendable () async throws -> Void
    package let logger: Logger

    package init(
        feed: any LinkChangeFeed, cache: CachingLinkStore, keys: APIKeyCache,
        refreshDomains: @escaping @Sendable () async throws -> Void = {}, logger: Logger
    ) {
        self.feed = feed
        self.cache = cache
        self.keys = keys
        self.refreshDomains = refreshDomains
        self.logger = logger
    }

    package func run() async throws {
        // Domain changes come in bursts (an add, then its verification): one read after a burst
        // serves them all, so a request waiting while a read runs is enough.
        let (domainReads, domainChanged) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        await withDiscardingTaskGroup { [feed, cache, keys, refreshDomains, logger] group in
            group.addTask {
                for await _ in domainReads {
                    do {
                        try await refreshDomains()
                    } catch {
                        logger.warning(
                            "runtime domains not read after a change; the minute's re-read will",
                            metadata: ["error": "\(error)"])
                    }
                }
            }
            await cancelWhenGracefulShutdown {
                await feed.followLinkChanges { change in
                    switch change {
                    case .changed(let tenant, let slug):
                        cache.invalidate(tenant: tenant, slug: slug)
                    case .apiKeysRevoked(let prefix):
                        keys.drop(prefix: prefix)
                    case .domainChanged:
                        domainChanged.yield()
                    case .resynchronize:
                        cache.invalidateAll()
                        keys.dropAll()
                        domainChanged.yield()
                        logger.info("link cache emptied: following changes made by other instances or processes")
                    }
                }
            }
            domainChanged.finish()
        }
    }
}
