import LinkCore
import Logging
import Prometheus
import ServiceLifecycle

/// Writes buffered clicks in batches.
package typealias ClickFlusher<Timer: Clock> = BatchFlusher<Click, Timer> where Timer.Duration == Duration

/// Writes buffered records (clicks, app events) in batches: when a batch is full or every flush
/// interval, and everything that is left on graceful shutdown (SIGTERM, SIGINT).
///
/// It runs as a service of the application, which stops the HTTP server before it: by the time
/// the final flush runs, no request can add a record any more.
///
/// The interval and the flush durations it reports are measured by `timer` (the server's
/// `ContinuousClock`, or a test's clock that it moves by hand).
package struct BatchFlusher<Record: Sendable, Timer: Clock>: Service where Timer.Duration == Duration {
    package let buffer: BatchBuffer<Record>
    /// Stores a batch: the link store's `insertClicks` for clicks.
    package let write: @Sendable ([Record]) async throws -> Void
    package let interval: Duration
    package let timer: Timer
    package let metrics: BatchMetrics
    package let logger: Logger

    package func run() async throws {
        // A wake-up stream per run, holding at most one wake-up: a full batch or a timer tick.
        let (wakeUps, wakeUp) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        buffer.setWakeUp(wakeUp)
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { [interval, timer] in
                    while !Task.isCancelled {
                        try? await timer.sleep(for: interval)
                        wakeUp.yield()
                    }
                }
                for await _ in wakeUps {
                    await flush(until: { Task.isShuttingDownGracefully })
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            wakeUp.finish()
        }
        buffer.setWakeUp(nil)
        // A flush that was running stopped at the shutdown, between two batches. This one writes
        // the rest in large writes whatever the batch size: one click per write after a busy
        // minute would outlast any orchestrator's grace period, and SIGTERM must lose nothing.
        let written = await flush(writeSize: max(buffer.batchSize, Self.shutdownWriteSize))
        // The line an operator looks for after Ctrl-C or SIGTERM: what the stop wrote, and what
        // it could not (kept in memory no longer: the process ends).
        let left = buffer.count
        logger.notice(
            "shutting down: \(written) pending \(metrics.noun)\(written == 1 ? "" : "s") written\(left > 0 ? ", \(left) not written (the store refused them)" : "")",
            metadata: ["written": "\(written)", "left": "\(left)"])
    }

    /// Records per write of the final flush at shutdown, at least.
    package static var shutdownWriteSize: Int { 5_000 }

    /// Writes everything pending, batch by batch (of the buffer's batch size, or `writeSize`),
    /// or until `stop` says so between batches; a batch the store refuses goes back to the buffer
    /// and waits for the next flush.
    /// Returns how many records it wrote.
    @discardableResult
    package func flush(writeSize: Int? = nil, until stop: () -> Bool = { false }) async -> Int {
        var written = 0
        while !stop() {
            let batch = buffer.takeBatch(size: writeSize)
            guard !batch.isEmpty else { return written }
            let start = timer.now
            do {
                try await write(batch)
                buffer.written(batch)
                written += batch.count
                metrics.flushDuration.record(start.duration(to: timer.now))
                metrics.written.increment(by: Int64(batch.count))
                logger.debug("\(metrics.noun)s written", metadata: ["count": "\(batch.count)"])
            } catch {
                buffer.putBack(batch)
                logger.error(
                    "\(metrics.noun)s not written; kept for the next flush",
                    metadata: ["count": "\(batch.count)", "error": "\(error)"])
                return written
            }
        }
        return written
    }

    /// A value with every stored property given.
    package init(
        buffer: BatchBuffer<Record>, write: @escaping @Sendable ([Record]) async throws -> Void, interval: Duration,
        timer: Timer, metrics: BatchMetrics, logger: Logger
    ) {
        self.buffer = buffer
        self.write = write
        self.interval = interval
        self.timer = timer
        self.metrics = metrics
        self.logger = logger
    }
}

extension BatchFlusher where Record == Click {
    /// A click flusher counted in the click series.
    package init(
        buffer: ClickBuffer, write: @escaping @Sendable ([Click]) async throws -> Void, interval: Duration,
        timer: Timer, metrics: ClickMetrics, logger: Logger
    ) {
        self.init(
            buffer: buffer, write: write, interval: interval, timer: timer, metrics: metrics.batch, logger: logger)
    }
}
