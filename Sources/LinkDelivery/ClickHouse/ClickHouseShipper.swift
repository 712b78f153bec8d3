import AsyncHTTPClient
import Foundation
import LinkCore
import Logging
import NIOCore
import NIOPosix
import Prometheus
import ServiceLifecycle

/// Sends the outbox's click events and app events to ClickHouse (``ClickHouseStream/all``), each
/// stream oldest first, a batch per `INSERT … FORMAT JSONEachRow`, and deletes them from the
/// outbox once ClickHouse took them.
///
/// Exactly once: a batch whose send may have reached ClickHouse without an answer (a timeout, a
/// dropped connection, an instance that stopped between the send and the delete) is sent again
/// only after asking ClickHouse which of its row IDs (click IDs, event IDs) arrived, and only
/// the others go. The ask and the send carry the batch's query ID, which ClickHouse refuses while
/// a statement with it is still running, so the ask cannot overtake a late first send. Among
/// several instances, the holder of a topic's outbox lease sends its entries; the others wait.
///
/// The lease's dates come from `clock`; its pauses and backoff are measured by `timer` (the
/// server's `ContinuousClock`, or a test's clock that it moves by hand).
package struct ClickHouseShipper<Timer: Clock>: Service where Timer.Duration == Duration {
    package var engine: ClickHouseEngine
    package let outbox: any OutboxRecords
    /// What a round sends, a batch of each in turn.
    package var streams = ClickHouseStream.all
    /// Names this instance in the lease.
    package let holder: String
    /// Pause when the outbox is empty or this instance does not hold the lease.
    package let idleInterval: Duration
    package let clock: ServiceClock
    package let timer: Timer
    /// How much the nice value of the shipper's thread is raised (`WAYFINDER_BACKGROUND_NICENESS`).
    package var niceness: Int32 = 0
    package let metrics: AnalyticsMetrics
    package let logger: Logger

    /// How long a lease lasts without renewal: another instance takes over after it.
    package static var leaseLifetime: TimeInterval { 30 }
    /// Longest pause between two tries while ClickHouse is away.
    package static var longestBackoff: Duration { .seconds(30) }

    package func run() async throws {
        // Sending runs on a thread of its own, its connections and its own code alike, as webhook
        // deliveries do: off the event loops that answer visits, with the events safe in the
        // outbox meanwhile.
        let group = BackgroundEventLoopGroup.make(niceness: niceness)
        let http = HTTPClient(eventLoopGroup: group)
        var background = self
        background.engine = engine.using(http)
        let shipper = background
        await BackgroundEventLoopGroup.run(on: group) { await shipper.ship() }
        try? await http.shutdown()
        try? await group.shutdownGracefully()
    }

    /// Sends batches until the graceful shutdown: a round sends a batch of each stream; one
    /// that fails is tried again after the backoff, with the others.
    private func ship() async {
        var states = streams.map { _ in State() }
        var backoff = Duration.zero
        while !Task.isCancelled && !Task.isShuttingDownGracefully {
            var failed = false
            var full = false
            // The pause before the next round if a send of this one fails.
            let retry = min(max(backoff * 2, .milliseconds(500)), Self.longestBackoff)
            for (index, stream) in streams.enumerated() {
                do {
                    let sent = try await sendBatch(of: stream, &states[index])
                    if sent == entryLimit(of: stream) { full = true }
                } catch {
                    metrics.sendFailures.increment()
                    states[index].uncertain = true
                    failed = true
                    logger.warning(
                        "\(stream.name) not sent to ClickHouse; kept in the outbox",
                        metadata: ["error": "\(error)", "retry.seconds": "\(retry.timeInterval)"])
                    await updateDepth(of: stream)
                }
            }
            backoff = failed ? retry : .zero
            let pause = failed ? backoff : full ? .zero : idleInterval
            if pause > .zero {
                _ = try? await cancelWhenGracefulShutdown { [timer] in try await timer.sleep(for: pause) }
            }
        }
    }

    /// What the shipper remembers of a stream between rounds.
    package struct State {
        /// The last send may have reached ClickHouse without an answer, or this instance has just
        /// taken the lease over: the next batch is checked before it is sent.
        package var uncertain = true
        package var holdsLease = false
        /// When the outbox depth gauge is next brought up to date; at once when `nil`.
        package var nextDepthUpdate: Timer.Instant? = nil

        package init() {}
    }

    /// One round of `stream`: the lease, a batch, its send, its deletion; how many entries were
    /// sent (0 when its topic is empty or another instance holds the lease).
    package func sendBatch(of stream: ClickHouseStream, _ state: inout State) async throws -> Int {
        let now = clock.now()
        let holds = try await outbox.acquireOutboxLease(
            topic: stream.topic, holder: holder, until: now.addingTimeInterval(Self.leaseLifetime), now: now)
        if holds && !state.holdsLease { state.uncertain = true }
        state.holdsLease = holds
        guard holds else { return 0 }
        let series = metrics.series(stream)
        let entries = try await outbox.outboxEntries(topic: stream.topic, limit: entryLimit(of: stream))
        guard !entries.isEmpty else {
            series.outboxDepth.set(0.0)
            return 0
        }
        try await engine.prepareIfNeeded()
        let sent = try await engine.insert(entries.map(\.payload), into: stream, checkingFirst: state.uncertain)
        series.sent.increment(by: Int64(sent))
        state.uncertain = true
        try await outbox.deleteOutboxEntries(topic: stream.topic, ids: entries.map(\.id))
        state.uncertain = false
        if state.nextDepthUpdate.map({ timer.now >= $0 }) ?? true {
            // The depth sums the entries' lines: once a second is plenty for a gauge.
            state.nextDepthUpdate = timer.now.advanced(by: .seconds(1))
            await updateDepth(of: stream)
        }
        return entries.count
    }

    /// Rows per `INSERT` at most: ClickHouse makes a part of each insert, of each table
    /// and of each materialized view it feeds, then merges them in the background. Its advice
    /// is 10,000 to 100,000 rows an insert and about one insert a second. At the click flush's
    /// size (5,000) a busy server made several inserts a second; their merges took ClickHouse's
    /// CPU and, on a machine it shares, the server's. A batch this size, 7 MB of JSON, goes when
    /// it is full, and otherwise after the idle pause.
    package static var eventsPerInsert: Int { 20_000 }

    /// Outbox entries per batch of `stream`: entries hold up to its ``ClickHouseStream/linesPerEntry``
    /// rows each.
    package func entryLimit(of stream: ClickHouseStream) -> Int { Self.eventsPerInsert / stream.linesPerEntry }

    private func updateDepth(of stream: ClickHouseStream) async {
        if let depth = try? await outbox.outboxDepth(topic: stream.topic) {
            metrics.series(stream).outboxDepth.set(Double(depth))
        }
    }

    /// A value with every stored property given.
    package init(
        engine: ClickHouseEngine, outbox: any OutboxRecords, holder: String, idleInterval: Duration,
        clock: ServiceClock, timer: Timer, metrics: AnalyticsMetrics, logger: Logger
    ) {
        self.engine = engine
        self.outbox = outbox
        self.holder = holder
        self.idleInterval = idleInterval
        self.clock = clock
        self.timer = timer
        self.metrics = metrics
        self.logger = logger
    }
}
