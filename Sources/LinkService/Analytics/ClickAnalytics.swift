import Foundation
import LinkCore
import LinkDelivery
import Logging
import Prometheus
import ServiceLifecycle

/// The analytics engine as the server uses it, when ``LinkServiceConfiguration/clickhouse`` is
/// set: clicks are stored with their events in the outbox, in one transaction, and app events
/// likewise with their rows; the `ClickHouseShipper` sends both on; visitor keys are made on the
/// request path from secrets held in memory; stats are read from ClickHouse.
///
/// Nothing on the request path waits for ClickHouse: a redirect computes a hash and appends to
/// the click buffer, as without it.
package struct ClickAnalytics: Sendable {
    package let engine: ClickHouseEngine
    /// The same ClickHouse for stats calls, with a shorter time limit: a stats call that would
    /// wait longer answers from the rollups instead.
    package let reader: ClickHouseEngine
    package let outbox: any OutboxRecords
    package let keys: VisitorKeys
    package let metrics: AnalyticsMetrics
    /// ``LinkServiceConfiguration/clickhouseOutboxLimit``.
    package let outboxLimit: Int
    package let clock: ServiceClock
    /// How much the shipper's thread's nice value is raised (`WAYFINDER_BACKGROUND_NICENESS`).
    package let niceness: Int32

    /// The analytics engine of `configuration`, `nil` when none is configured.
    ///
    /// Throws `ClickHouseError/invalidURL(_:_:)` when the store keeps no outbox (the memory
    /// store): the engine needs SQLite or PostgreSQL.
    package init?(
        configuration: LinkServiceConfiguration, store: any LinkStore, registry: PrometheusCollectorRegistry,
        clock: ServiceClock
    ) throws {
        guard let url = configuration.clickhouse else { return nil }
        guard let outbox = store as? any OutboxRecords else {
            throw ClickHouseError.invalidURL(
                url.description,
                "the analytics engine keeps its outbox in the main database: use a sqlite: or postgres:// database")
        }
        self.engine = ClickHouseEngine(client: ClickHouseClient(url: url))
        self.reader = ClickHouseEngine(client: ClickHouseClient(url: url, timeout: .seconds(5)))
        self.outbox = outbox
        self.keys = VisitorKeys()
        self.metrics = AnalyticsMetrics(registry: registry)
        self.outboxLimit = configuration.clickhouseOutboxLimit
        self.niceness = Int32(configuration.backgroundNiceness)
        self.clock = clock
    }

    /// Stores clicks, their rollups, their webhook events (at most `clickEventLimit` pending) and
    /// their analytics events (in the outbox) in one transaction; what the webhook outbox took.
    package func write(_ clicks: [Click], clickEventLimit: Int) async throws -> ClickBatchOutcome {
        let stored = try await outbox.insertClicks(
            clicks, clickEventLimit: clickEventLimit,
            queueing: OutboxAppend(
                topic: OutboxTopic.clickhouse, payloads: ClickEvent.entries(of: clicks),
                limit: max(1, outboxLimit / ClickEvent.linesPerEntry), createdAt: clock.now()))
        if stored.dropped > 0 { metrics.eventsDropped.increment(by: Int64(stored.dropped)) }
        return stored.events
    }

    /// Stores a batch of app events (with their `event.created` webhook messages) and appends the
    /// rows of those stored to the outbox, in one transaction: an event skipped for its dedupe key
    /// is never sent on. The outbox keeps at most ``outboxLimit`` app events too.
    package func write(_ events: [AppEvent]) async throws {
        let (limit, now) = (max(1, outboxLimit / AppEventRow.linesPerEntry), clock.now())
        let dropped = try await outbox.insertEvents(events) { stored in
            OutboxAppend(
                topic: OutboxTopic.clickhouseEvents, payloads: AppEventRow.entries(of: stored), limit: limit,
                createdAt: now)
        }
        if dropped > 0 { metrics.appEventsDropped.increment(by: Int64(dropped)) }
    }

    /// Before the server takes requests: the day's visitor-key secrets, and ClickHouse's tables.
    /// A ClickHouse that is too old, refuses the credentials or refuses a statement stops the
    /// start; one that cannot be reached is logged, and the outbox keeps the clicks until it can.
    package func start(logger: Logger) async throws {
        do {
            try await keys.refresh(from: outbox, now: clock.now())
        } catch {
            logger.error(
                "visitor-key secrets not read; clicks count no visitors until they are", metadata: ["error": "\(error)"]
            )
        }
        do {
            try await engine.prepare()
        } catch let error as ClickHouseError where error.code == .unreachable {
            logger.error(
                "\(error.message). Clicks are kept in the outbox and sent when it answers.",
                metadata: ["clickhouse": "\(engine.client.url)"])
        }
    }

    /// The shipper and the visitor-key refresher.
    package func services(logger: Logger) -> [any Service] {
        var shipper = ClickHouseShipper(
            engine: engine, outbox: outbox, holder: UUID().uuidString, idleInterval: .seconds(1), clock: clock,
            timer: ContinuousClock(), metrics: metrics, logger: logger)
        shipper.niceness = niceness
        return [
            shipper,
            SharedRowsRefresher(name: "visitor-key secrets", logger: logger) {
                try await keys.refresh(from: outbox, now: clock.now())
            },
        ]
    }
}
