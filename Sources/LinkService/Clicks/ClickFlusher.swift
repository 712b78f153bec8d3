import Logging
import Prometheus
import ServiceLifecycle

/// Writes buffered clicks in batches: when a batch is full or every flush interval, and
/// everything that is left on graceful shutdown (SIGTERM, SIGINT).
///
/// It runs as a service of the application, which stops the HTTP server before it: by the time
/// the final flush runs, no request can add a click any more.
struct ClickFlusher: Service {
    let buffer: ClickBuffer
    let store: any LinkStore
    let interval: Duration
    let metrics: LinkServiceMetrics
    let logger: Logger

    func run() async throws {
        // A wake-up stream per run, holding at most one wake-up: a full batch or a timer tick.
        let (wakeUps, wakeUp) = AsyncStream.makeStream(of: Void.self, bufferingPolicy: .bufferingNewest(1))
        buffer.setWakeUp(wakeUp)
        await withGracefulShutdownHandler {
            await withDiscardingTaskGroup { group in
                group.addTask { [interval] in
                    while !Task.isCancelled {
                        try? await Task.sleep(for: interval)
                        wakeUp.yield()
                    }
                }
                for await _ in wakeUps {
                    await flush()
                }
                group.cancelAll()
            }
        } onGracefulShutdown: {
            wakeUp.finish()
        }
        buffer.setWakeUp(nil)
        // In large writes whatever the batch size: with one click per write a shutdown after a
        // busy minute would outlast any orchestrator's grace period (SIGTERM must lose nothing).
        await flush(writeSize: max(buffer.batchSize, Self.shutdownWriteSize))
    }

    /// Clicks per write of the final flush at shutdown, at least.
    static let shutdownWriteSize = 5_000

    /// Writes everything pending, batch by batch (of the buffer's batch size, or `writeSize`); a
    /// batch the store refuses goes back to the buffer and waits for the next flush.
    func flush(writeSize: Int? = nil) async {
        while true {
            let batch = buffer.takeBatch(size: writeSize)
            guard !batch.isEmpty else { return }
            let start = ContinuousClock.now
            do {
                try await store.insertClicks(batch)
                metrics.clickFlushDuration.record(ContinuousClock.now - start)
                metrics.clicksWritten.increment(by: Int64(batch.count))
                logger.debug("clicks written", metadata: ["count": "\(batch.count)"])
            } catch {
                buffer.putBack(batch)
                logger.error(
                    "clicks not written; kept for the next flush",
                    metadata: ["count": "\(batch.count)", "error": "\(error)"])
                return
            }
        }
    }
}
