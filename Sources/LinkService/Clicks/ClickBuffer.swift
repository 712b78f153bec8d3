import NIOCore
import Prometheus
import Synchronization

/// Clicks waiting to be written: the request path appends, the ``ClickFlusher`` takes them in
/// batches. Never touches the database itself.
///
/// A ring buffer under a lock: appending is O(1) and never suspends the request, also when the
/// buffer is full during a database outage (the oldest click is then dropped and counted).
final class ClickBuffer: Sendable {
    private struct State {
        var pending = CircularBuffer<Click>(initialCapacity: 1024)
        /// Wakes the running flusher when a batch is full.
        var wakeUp: AsyncStream<Void>.Continuation?
    }

    private let state = Mutex(State())
    /// Clicks per write while running; pending clicks wake the flusher when they reach it.
    let batchSize: Int
    private let limit: Int
    private let metrics: LinkServiceMetrics

    init(batchSize: Int, limit: Int, metrics: LinkServiceMetrics) {
        self.batchSize = max(1, batchSize)
        self.limit = max(self.batchSize, limit)
        self.metrics = metrics
    }

    func append(_ click: Click) {
        let (count, dropped, wakeUp) = state.withLock { state -> (Int, Bool, AsyncStream<Void>.Continuation?) in
            var dropped = false
            if state.pending.count >= limit {
                state.pending.removeFirst()
                dropped = true
            }
            state.pending.append(click)
            let count = state.pending.count
            // Once per full batch: the flusher writes everything pending when it wakes up.
            return (count, dropped, count % batchSize == 0 ? state.wakeUp : nil)
        }
        if dropped { metrics.clicksDropped.increment() }
        metrics.clickBufferDepth.set(Double(count))
        wakeUp?.yield()
    }

    /// Takes up to one batch, or up to `size` clicks when given.
    func takeBatch(size: Int? = nil) -> [Click] {
        let (batch, count) = state.withLock { state -> ([Click], Int) in
            let size = min(size ?? batchSize, state.pending.count)
            let batch = Array(state.pending.prefix(size))
            state.pending.removeFirst(size)
            return (batch, state.pending.count)
        }
        metrics.clickBufferDepth.set(Double(count))
        return batch
    }

    /// Puts back a batch the database did not take, ahead of newer clicks.
    func putBack(_ batch: [Click]) {
        let (count, dropped) = state.withLock { state -> (Int, Int) in
            for click in batch.reversed() { state.pending.prepend(click) }
            let excess = max(0, state.pending.count - limit)
            state.pending.removeFirst(excess)
            return (state.pending.count, excess)
        }
        if dropped > 0 { metrics.clicksDropped.increment(by: Int64(dropped)) }
        metrics.clickBufferDepth.set(Double(count))
    }

    var count: Int { state.withLock { $0.pending.count } }

    /// Where to signal a full batch: the running flusher's wake-up stream.
    func setWakeUp(_ continuation: AsyncStream<Void>.Continuation?) {
        state.withLock { $0.wakeUp = continuation }
    }
}
