import LinkCore

/// A store that keeps its records in an SQL database: everything but how it reaches its database
/// (connections, transactions, time limits, error translation) is written once, in this
/// protocol's extensions, against its ``SQLDialect``. ``SQLiteLinkStore`` and
/// ``PostgresLinkStore`` are the two.
package protocol SQLStore: LinkStore, ClickCounting {
    var dialect: SQLDialect { get }

    /// Runs a statement that only reads, alone.
    func read(_ statement: SQLStatement) async throws -> [any SQLRow]

    /// Runs `body` on a connection that writes, as `kind` says.
    @discardableResult
    func write<T: Sendable>(_ kind: SQLWrite, _ body: @escaping @Sendable (SQLSession) async throws -> T)
        async throws -> T
}

/// How a write runs.
package enum SQLWrite: Sendable {
    /// Its statements as they come, each committed on its own (one statement, or a read and a
    /// statement whose outcome does not depend on the read).
    case statements
    /// All its statements in one transaction, within the store's time limit.
    case transaction
    /// A batch of many rows in one transaction: given more time than a request's statements (see
    /// the stores' limits).
    case batch(rows: Int)
    /// A batch of clicks in one transaction: once it started it is waited for, so that a batch
    /// that may have been committed is never reported as failed (and written again).
    case clicks
}

/// The connection a write runs its statements on.
package struct SQLSession: Sendable {
    package let dialect: SQLDialect
    package let runStatement: @Sendable (SQLStatement) async throws -> [any SQLRow]

    @discardableResult
    package func run(_ statement: SQLStatement) async throws -> [any SQLRow] {
        try await runStatement(statement)
    }
}
