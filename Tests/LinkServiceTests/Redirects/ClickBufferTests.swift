import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The in-memory click buffer: a ring that keeps the newest clicks when the database is away.
@Suite("Click buffer")
struct ClickBufferTests {
    static func click(_ number: Int) -> Click {
        Click(
            linkID: "link-\(number)", tenant: "storyteller", time: Date(timeIntervalSince1970: Double(number)),
            platform: .desktop)
    }

    static func numbers(_ clicks: [Click]) -> [String] { clicks.compactMap(\.linkID) }

    @Test("a full buffer drops its oldest clicks, counts them, and hands out the rest in order")
    func fullBufferDropsOldest() {
        let metrics = LinkServiceMetrics()
        let buffer = ClickBuffer(batchSize: 2, limit: 4, metrics: metrics.clicks)
        for number in 1...7 { buffer.append(Self.click(number)) }
        #expect(buffer.count == 4)
        #expect(Self.numbers(buffer.takeBatch()) == ["link-4", "link-5"])
        #expect(Self.numbers(buffer.takeBatch()) == ["link-6", "link-7"])
        #expect(buffer.takeBatch().isEmpty)
        let exposition = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(exposition.contains("wayfinder_clicks_dropped_total 3"))
    }

    @Test("a batch the database refused goes back ahead of newer clicks; past the limit the oldest go")
    func putBackKeepsOrder() {
        let metrics = LinkServiceMetrics()
        let buffer = ClickBuffer(batchSize: 3, limit: 5, metrics: metrics.clicks)
        for number in 1...4 { buffer.append(Self.click(number)) }
        let batch = buffer.takeBatch()
        #expect(Self.numbers(batch) == ["link-1", "link-2", "link-3"])
        buffer.append(Self.click(5))
        buffer.append(Self.click(6))
        buffer.putBack(batch)
        // 1, 2, 3 back in front of 4, 5, 6: six clicks for five places, so click 1 goes.
        #expect(buffer.count == 5)
        #expect(Self.numbers(buffer.takeBatch()) == ["link-2", "link-3", "link-4"])
        #expect(Self.numbers(buffer.takeBatch()) == ["link-5", "link-6"])
        let exposition = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(exposition.contains("wayfinder_clicks_dropped_total 1"))
    }

    @Test("a click is always found until the store has it: pending, in a batch being written, or put back")
    func pendingLookupSeesBatchesInFlight() {
        let buffer = ClickBuffer(batchSize: 2, limit: 100, metrics: LinkServiceMetrics().clicks)
        func found(_ number: Int) -> Bool { buffer.newestPending { $0.linkID == "link-\(number)" } != nil }
        for number in 1...3 { buffer.append(Self.click(number)) }
        let taken = buffer.takeBatch()
        #expect(found(1) && found(2) && found(3))
        buffer.putBack(taken)
        #expect(found(1) && found(2))
        let again = buffer.takeBatch()
        buffer.written(again)
        #expect(!found(1) && !found(2) && found(3))
    }

    @Test("appending many takes all of them, or none when they would pass the limit, and drops nothing")
    func appendAllOrNone() {
        let metrics = LinkServiceMetrics()
        let buffer = ClickBuffer(batchSize: 2, limit: 5, metrics: metrics.clicks)
        #expect(buffer.append(contentsOf: (1...3).map(Self.click)))
        #expect(!buffer.append(contentsOf: (4...6).map(Self.click)))
        #expect(buffer.count == 3)
        #expect(buffer.append(contentsOf: (4...5).map(Self.click)))
        #expect(Self.numbers(buffer.takeBatch(size: 10)) == ["link-1", "link-2", "link-3", "link-4", "link-5"])
        let exposition = String(decoding: metrics.exposition(), as: UTF8.self)
        #expect(!exposition.contains("wayfinder_clicks_dropped_total 1"))
    }

    @Test("a batch being written, or refused and put back, still counts as waiting; written, it no longer does")
    func depthCountsBatchUntilWritten() {
        let metrics = LinkServiceMetrics()
        let buffer = ClickBuffer(batchSize: 2, limit: 100, metrics: metrics.clicks)
        func depth() -> String? {
            String(decoding: metrics.exposition(), as: UTF8.self).split(separator: "\n")
                .first { $0.hasPrefix("wayfinder_click_buffer_depth ") }.map(String.init)
        }
        for number in 1...3 { buffer.append(Self.click(number)) }
        #expect(depth() == "wayfinder_click_buffer_depth 3.0")
        let refused = buffer.takeBatch()
        #expect(buffer.count == 3)
        #expect(depth() == "wayfinder_click_buffer_depth 3.0")
        buffer.putBack(refused)
        #expect(buffer.count == 3)
        #expect(depth() == "wayfinder_click_buffer_depth 3.0")
        let taken = buffer.takeBatch()
        buffer.append(Self.click(4))
        #expect(depth() == "wayfinder_click_buffer_depth 4.0")
        buffer.written(taken)
        #expect(buffer.count == 2)
        #expect(depth() == "wayfinder_click_buffer_depth 2.0")
    }

    @Test("a full batch wakes the flusher once")
    func fullBatchWakesFlusher() async {
        let buffer = ClickBuffer(batchSize: 3, limit: 100, metrics: LinkServiceMetrics().clicks)
        let (wakeUps, wakeUp) = AsyncStream.makeStream(of: Void.self)
        buffer.setWakeUp(wakeUp)
        for number in 1...7 { buffer.append(Self.click(number)) }
        wakeUp.finish()
        var count = 0
        for await _ in wakeUps { count += 1 }
        #expect(count == 2)
    }
}
