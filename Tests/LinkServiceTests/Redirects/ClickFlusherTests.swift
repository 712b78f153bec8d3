import Foundation
import Logging
import ServiceLifecycleTestKit
import Testing

@testable import LinkService

/// The click flusher's final flush, when the service is asked to stop.
@Suite("Click flusher")
struct ClickFlusherTests {
    @Test("at shutdown everything pending is written, in large writes even with one click per batch")
    func shutdownDrainsInLargeWrites() async throws {
        let metrics = LinkServiceMetrics()
        let buffer = ClickBuffer(batchSize: 1, limit: 100_000, metrics: metrics)
        let store = MemoryLinkStore()
        let pending = 2 * ClickFlusher.shutdownWriteSize + 1
        for number in 0..<pending {
            buffer.append(
                Click(
                    linkID: "link-\(number % 7)", tenant: "storyteller",
                    time: Date(timeIntervalSince1970: Double(number)), platform: .desktop))
        }
        // No timer flush, and the clicks came before the flusher ran: only the final flush writes.
        let flusher = ClickFlusher(
            buffer: buffer, store: store, interval: .seconds(3600), metrics: metrics, logger: Logger(label: "test"))
        try await testGracefulShutdown { shutdown in
            try await withThrowingTaskGroup { group in
                group.addTask { try await flusher.run() }
                shutdown.triggerGracefulShutdown()
                try await group.waitForAll()
            }
        }
        #expect(buffer.count == 0)
        #expect(try await store.clickCount(tenant: "storyteller") == pending)
        let exposition = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(exposition.contains("wayfinder_click_flush_duration_seconds_count 3"))
    }
}
