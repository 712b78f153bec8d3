import LinkCore
import LinkStorage
import Logging
import ServiceLifecycle

/// Keeps the link cache and the API key cache right when other instances change links or revoke
/// keys: drops a cached link or key as soon as the store's `LinkChangeFeed` reports it changed,
/// and both caches when the feed (re)connects. Runs as a service of the application until
/// graceful shutdown.
package struct LinkChangeFollower: Service {
    package let feed: any LinkChangeFeed
    package let cache: CachingLinkStore
    package let keys: APIKeyCache
    package let logger: Logger

    package func run() async throws {
        await cancelWhenGracefulShutdown { [feed, cache, keys, logger] in
            await feed.followLinkChanges { change in
                switch change {
                case .changed(let tenant, let slug):
                    cache.invalidate(tenant: tenant, slug: slug)
                case .apiKeysRevoked(let prefix):
                    keys.drop(prefix: prefix)
                case .resynchronize:
                    cache.invalidateAll()
                    keys.dropAll()
                    logger.info("following link changes of other instances; link cache emptied")
                }
            }
        }
    }
}
