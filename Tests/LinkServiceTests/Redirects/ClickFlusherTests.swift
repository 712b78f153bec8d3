import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import ServiceLifecycleTestKit
import Synchronization
import Testing

/// The click flusher's final flush, when the service is asked to stop.
@Suite("Click flusher")
struct ClickFlusherTests {
    /// Counts writes and keeps the clicks; the first write waits until `open()`.
    final class GatedWriter: Sendable {
        private struct State {
            var writes = 0
            var clicks = 0
            var gate: CheckedContinuation<Void, Never>?
            var isOpen = false
        }
        private let state = Mutex(State())

        var writes: Int { state.withLock { $0.writes } }
        var clicks: Int { state.withLock { $0.clicks } }

        func write(_ batch: [Click]) async {
            let first = state.withLock { state in
                state.writes += 1
                state.clicks += batch.count
                return state.writes == 1
            }
            guard first else { return }
            await withCheckedContinuation { continuation in
                let opened = state.withLock { state in
                    if !state.isOpen { state.gate = continuation }
                    return state.isOpen
                }
                if opened { continuation.resume() }
            }
        }

        func open() {
            let gate = state.withLock { state in
                state.isOpen = true
                defer { state.gate = nil }
                return state.gate
            }
            gate?.resume()
        }
    }

    /// A flusher whose timer runs on `time`: unless the test moves it, no timer flush, only full
    /// batches and the shutdown write.
    func flusher(_ buffer: ClickBuffer, _ writer: GatedWriter, _ metrics: LinkServiceMetrics, time: ManualClock)
        -> ClickFlusher<ManualClock>
    {
        ClickFlusher(
            buffer: buffer, write: { await writer.write($0) }, interval: .seconds(3600), timer: time,
            metrics: metrics.clicks, logger: Logger(label: "test"))
    }

    @Test("the timer writes what is pending once its interval has passed on the flusher's clock, not before")
    func timerFlushFollowsItsClock() async throws {
        let metrics = LinkServiceMetrics()
        let buffer = ClickBuffer(batchSize: 100, limit: 1_000, metrics: metrics.clicks)
        let writer = GatedWriter()
        writer.open()
        let time = ManualClock()
        try await testGracefulShutdown { shutdown in
            try await withThrowingTaskGroup { group in
                group.addTask { try await flusher(buffer, writer, metrics, time: time).run() }
                for number in 0..<3 { buffer.append(ClickBufferTests.click(number)) }
                #expect(await time.waitForSleepers())
                time.advance(by: .seconds(3599))
                // Still asleep: the interval has not passed.
                #expect(time.sleepers == 1)
                #expect(writer.writes == 0)
                time.advance(by: .seconds(1))
                #expect(await eventually { writer.clicks == 3 })
                #expect(buffer.count == 0)
                shutdown.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
        #expect(writer.writes == 1)
    }

    @Test("at shutdown everything pending is written in large writes, even with one click per batch")
    func shutdownDrainsInLargeWrites() async throws {
        let metrics = LinkServiceMetrics()
        let buffer = ClickBuffer(batchSize: 1, limit: 100_000, metrics: metrics.clicks)
        let writer = GatedWriter()
        writer.open()
        let pending = 2 * ClickFlusher<ManualClock>.shutdownWriteSize + 1
        // The clicks come before the flusher runs, so only its final flush writes them.
        for number in 0..<pending { buffer.append(ClickBufferTests.click(number)) }
        try await testGracefulShutdown { shutdown in
            try await withThrowingTaskGroup { group in
                group.addTask { try await flusher(buffer, writer, metrics, time: ManualClock()).run() }
                shutdown.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
        #expect(buffer.count == 0)
        #expect(writer.clicks == pending)
        #expect(writer.writes == 3)
        let exposition = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(exposition.contains("wayfinder_click_flush_duration_seconds_count 3"))
    }

    @Test("a flush running one click per write when the shutdown comes hands the rest to the final flush")
    func runningFlushStopsAtShutdown() async throws {
        let metrics = LinkServiceMetrics()
        let buffer = ClickBuffer(batchSize: 1, limit: 100_000, metrics: metrics.clicks)
        let writer = GatedWriter()
        let pending = 2 * ClickFlusher<ManualClock>.shutdownWriteSize
        try await testGracefulShutdown { shutdown in
            try await withThrowingTaskGroup { group in
                group.addTask { try await flusher(buffer, writer, metrics, time: ManualClock()).run() }
                // Until the running flusher has taken a click (and waits in its first write).
                var appended = 0
                while writer.writes == 0 {
                    buffer.append(ClickBufferTests.click(appended))
                    appended += 1
                    try await Task.sleep(for: .milliseconds(1))
                }
                for number in appended..<pending { buffer.append(ClickBufferTests.click(number)) }
                shutdown.triggerGracefulShutdown()
                writer.open()
                try await group.waitForAll()
            }
        }
        #expect(buffer.count == 0)
        #expect(writer.clicks == pending)
        // The first write, at most one more of one click, then the rest 5,000 at a time.
        #expect(writer.writes <= 4)
    }
}
