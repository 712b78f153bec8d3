import Prometheus

/// A batch buffer's and flusher's series (``BatchBuffer``, ``BatchFlusher``): how many records
/// wait, how long a batch takes to write, how many were written or dropped; and what a record is
/// called in the log.
package final class BatchMetrics: Sendable {
    /// `click`, `event`: the log's word for one record.
    package let noun: String
    package let depth: Gauge
    package let flushDuration: DurationHistogram
    package let written: Counter
    package let dropped: Counter

    /// A value with every stored property given.
    package init(noun: String, depth: Gauge, flushDuration: DurationHistogram, written: Counter, dropped: Counter) {
        self.noun = noun
        self.depth = depth
        self.flushDuration = flushDuration
        self.written = written
        self.dropped = dropped
    }
}
