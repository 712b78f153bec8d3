import LinkCore

/// When a click reaches the database.
///
/// - ``batched`` (the default): the request appends the click to an in-memory buffer and the
///   flusher writes a batch when ``LinkServiceConfiguration/clickBatchSize`` clicks are waiting or
///   every ``LinkServiceConfiguration/clickFlushInterval``. A graceful shutdown (SIGTERM, SIGINT)
///   writes everything first; a crash (SIGKILL, power loss) loses the clicks of at most the last
///   flush interval.
/// - ``synchronous``: each click is written, in its own transaction, before the visitor gets the
///   answer, so a crash loses none. It costs a database write per visit (see `BENCHMARKS.md`).
///   While the database cannot take the write, the click goes to the buffer as in batched mode
///   and the visitor is still answered.
public enum ClickFlushMode: String, Sendable, Hashable, CaseIterable {
    case batched
    case synchronous
}
