import LinkCore
import NIOCore
import PostgresNIO

extension PostgresConnection {
    /// Runs `query` and returns its rows, or throws when the connection is closed before it was
    /// sent: never waits for an answer that cannot come.
    ///
    /// PostgresNIO hands a query to the channel without a write promise. When the server ends the
    /// connection (a restart: `terminating connection due to administrator command`), a query
    /// written after the channel closed is lost and its `query` call never returns; that is what
    /// a `ROLLBACK` after a failed statement runs into. Here the check that the connection is open
    /// and the write of the query are one step on the connection's event loop, where a channel
    /// closes: a query written while it is open reaches the connection, which answers or fails it
    /// before it closes (so a `COMMIT` is never reported as failed while it may have been
    /// committed), and one found closed is failed at once.
    ///
    /// Nothing outlives the statement: a callback on the connection's close future would do the
    /// same job, but it would stay until the connection closes, which in a busy pool is hours
    /// and millions of statements later.
    package func statement(_ query: PostgresQuery, logger: Logger) async throws -> [PostgresRow] {
        try await eventLoop.flatSubmit { () -> EventLoopFuture<PostgresQueryResult> in
            guard !self.isClosed else {
                return self.eventLoop.makeFailedFuture(
                    LinkStoreError.unavailable("the connection closed before the statement was sent"))
            }
            return self.query(query, logger: logger)
        }.get().rows
    }
}
