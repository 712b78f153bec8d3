import Logging
import ServiceLifecycle

/// Keeps the link cache right when other instances change links: drops a cached link as soon as
/// the store's ``LinkChangeFeed`` reports it changed, and the whole cache when the feed
/// (re)connects. Runs as a service of the application until graceful shutdown.
struct LinkChangeFollower: Service {
    let feed: any LinkChangeFeed
    let cache: CachingLinkStore
    let logger: Logger

    func run() async throws {
        await cancelWhenGracefulShutdown { [feed, cache, logger] in
            await feed.followLinkChanges { change in
                switch change {
                case .changed(let tenant, let slug):
                    cache.invalidate(tenant: tenant, slug: slug)
                case .resynchronize:
                    cache.invalidateAll()
                    logger.info("following link changes of other instances; link cache emptied")
                }
            }
        }
    }
}
