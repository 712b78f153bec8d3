import NIOCore
import PostgresNIO

extension PostgresConnection {
    /// Runs `query` and returns its rows, or throws once the connection is closed without it
    /// having been sent: never waits for an answer that cannot come.
    ///
    /// PostgresNIO hands a query to the channel without a write promise. When the server ends the
    /// connection (a restart: `terminating connection due to administrator command`), a query
    /// written after the channel dropped its handlers is lost and its `query` call never returns;
    /// that is what a `ROLLBACK` after a failed statement runs into. Here the query and the
    /// connection's close are watched on the connection's event loop, where the order is fixed:
    /// a query that reached the connection is answered or failed before the close completes, so
    /// a query still unanswered at the close was never sent, and failing it is always right (a
    /// `COMMIT` is never reported as failed while it may have been committed).
    func statement(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        let answer = eventLoop.makePromise(of: [PostgresRow].self)
        self.query(query, logger: logger).whenComplete { answer.completeWith($0.map(\.rows)) }
        closeFuture.whenComplete { _ in
            answer.fail(LinkStoreError.unavailable("the connection closed before the statement was sent"))
        }
        return try await answer.futureResult.get()
    }
}
