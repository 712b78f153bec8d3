import Prometheus

/// Clicks waiting to be written: the request path appends, the ``ClickFlusher`` takes them in
/// batches. Never touches the database itself.
actor ClickBuffer {
    private var pending: [Click] = []
    private let batchSize: Int
    private let limit: Int
    private let metrics: LinkServiceMetrics
    /// Wakes the running flusher when a batch is full.
    private var wakeUp: AsyncStream<Void>.Continuation?

    init(batchSize: Int, limit: Int, metrics: LinkServiceMetrics) {
        self.batchSize = max(1, batchSize)
        self.limit = max(batchSize, limit)
        self.metrics = metrics
    }

    func append(_ click: Click) {
        if pending.count >= limit {
            pending.removeFirst()
            metrics.clicksDropped.increment()
        }
        pending.append(click)
        metrics.clickBufferDepth.set(Double(pending.count))
        if pending.count >= batchSize { wakeUp?.yield() }
    }

    /// Takes up to one batch.
    func takeBatch() -> [Click] {
        let batch = Array(pending.prefix(batchSize))
        pending.removeFirst(batch.count)
        metrics.clickBufferDepth.set(Double(pending.count))
        return batch
    }

    /// Puts back a batch the database did not take, ahead of newer clicks.
    func putBack(_ batch: [Click]) {
        var restored = batch + pending
        if restored.count > limit {
            metrics.clicksDropped.increment(by: Int64(restored.count - limit))
            restored.removeFirst(restored.count - limit)
        }
        pending = restored
        metrics.clickBufferDepth.set(Double(pending.count))
    }

    var count: Int { pending.count }

    /// Where to signal a full batch: the running flusher's wake-up stream.
    func setWakeUp(_ continuation: AsyncStream<Void>.Continuation?) {
        wakeUp = continuation
    }
}
