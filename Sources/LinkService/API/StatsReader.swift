import LinkCore
import LinkDelivery
import LinkStorage
import Logging
import Prometheus

/// Where stats come from: the analytics engine when one is configured and answers, else the
/// rollups of the main database; every answer says which (``Source``).
package struct StatsReader: Sendable {
    package let store: CachingLinkStore
    package let analytics: ClickAnalytics?
    package let logger: Logger

    /// What answered: the JSON's `source`.
    package enum Source: String, Sendable {
        case clickhouse
        case rollups
    }

    /// A link's stats: the rollups' figures, and what only the engine knows.
    package struct LinkAnswer: Sendable {
        package var stats: LinkStats
        /// `nil` from the rollups.
        package var breakdowns: ClickBreakdowns?
        package var source: Source
        /// The link's app events per name, over every day: from the engine when it answered,
        /// else from the main database.
        package var events: [String: EventTotals] = [:]
    }

    /// The link's stats on the range's days. From the rollups, the range narrows `byDay` only:
    /// their platform and referrer counts are over every day. The deferred funnel and the in-app
    /// browsers' counts come from the main database's rollups, over every day, whatever the source.
    package func linkStats(tenant: String, link: Link, range: StatsRange) async throws -> LinkAnswer {
        if let analytics {
            do {
                var (stats, breakdowns) = try await analytics.reader.linkStats(
                    tenant: tenant, linkID: link.id, from: range.from, to: range.to,
                    today: Click.day(of: analytics.clock.now()))
                stats.deferred = try await store.deferredFunnel(tenant: tenant, linkID: link.id)
                stats.inApp = try await store.inAppClicks(tenant: tenant, linkID: link.id)
                return LinkAnswer(
                    stats: stats, breakdowns: breakdowns, source: .clickhouse,
                    events: try await analytics.reader.eventTotals(tenant: tenant, linkID: link.id))
            } catch let error as ClickHouseError {
                fellBack(analytics, error)
            }
        }
        var stats = try await store.stats(tenant: tenant, linkID: link.id)
        stats.byDay = stats.byDay.filter { range.contains($0.key) }
        return LinkAnswer(
            stats: stats, breakdowns: nil, source: .rollups,
            events: try await store.eventTotals(tenant: tenant, linkID: link.id))
    }

    /// The tenant's stats on the range's days, with its `top` most clicked links.
    package func tenantStats(tenant: String, range: StatsRange, top: Int) async throws -> (TenantStats, Source) {
        if let analytics {
            do {
                let answer = try await analytics.reader.tenantStats(
                    tenant: tenant, from: range.from, to: range.to, top: top,
                    today: Click.day(of: analytics.clock.now()))
                let slugs = try await tenantRecords.slugs(tenant: tenant, linkIDs: answer.topLinks.map(\.linkID))
                return (
                    TenantStats(
                        clicks: answer.clicks,
                        topLinks: answer.topLinks.compactMap { top in
                            slugs[top.linkID].map { TenantStats.TopLink(slug: $0, clicks: top.clicks) }
                        },
                        platforms: answer.platforms, visitors: answer.visitors, countries: answer.countries),
                    .clickhouse
                )
            } catch let error as ClickHouseError {
                fellBack(analytics, error)
            }
        }
        return (try await tenantRecords.tenantStats(tenant: tenant, from: range.from, to: range.to, top: top), .rollups)
    }

    /// The tenant's funnel (or one of its links', given `linkID`) on the range's days. From the
    /// engine, people's clicks and the events; the claim tokens issued and the claims, which only
    /// the main database keeps, from its rollups.
    package func funnel(tenant: String, linkID: String?, range: StatsRange) async throws -> AppFunnel {
        if let analytics {
            do {
                let counts = try await analytics.reader.funnelCounts(
                    tenant: tenant, linkID: linkID, from: range.from, to: range.to)
                var steps = try await store.funnelSteps(tenant: tenant, linkID: linkID, from: range.from, to: range.to)
                steps.clicks = counts.clicks
                return AppFunnel(steps, totals: counts.totals)
            } catch let error as ClickHouseError {
                fellBack(analytics, error)
            }
        }
        return try await store.funnel(tenant: tenant, linkID: linkID, from: range.from, to: range.to)
    }

    /// What FDL's `linkStats` reports of a link since the UTC day `days` after 1970: its clicks
    /// per platform and claims from the main database, its app events (`APP_*`) from the engine
    /// when there is one.
    package func linkEvents(tenant: String, linkID: String, sinceDay days: Int) async throws -> LinkEventCounts {
        var counts = try await store.linkEvents(tenant: tenant, linkID: linkID, sinceDay: days)
        if let analytics {
            do {
                counts.appEvents = try await analytics.reader.appEventCounts(
                    tenant: tenant, linkID: linkID, since: LinkEventCounts.start(ofDay: days).day)
            } catch let error as ClickHouseError {
                fellBack(analytics, error)
            }
        }
        return counts
    }

    private var tenantRecords: any TenantStatsRecords {
        get throws {
            guard let records = store.base as? any TenantStatsRecords else {
                throw LinkStoreError.database("\(type(of: store.base)) keeps no tenant stats")
            }
            return records
        }
    }

    private func fellBack(_ analytics: ClickAnalytics, _ error: ClickHouseError) {
        analytics.metrics.statsFallbacks.increment()
        logger.warning("stats read from the rollups: ClickHouse did not answer", metadata: ["error": "\(error)"])
    }
}
