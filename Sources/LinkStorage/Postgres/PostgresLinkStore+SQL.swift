import LinkCore
import PostgresNIO

extension PostgresLinkStore: SQLStore {
    package var dialect: SQLDialect { .postgres }

    package func read(_ statement: SQLStatement) async throws -> [any SQLRow] {
        try await withConnection { [logger] connection in
            try await connection.statement(Self.query(statement), logger: logger).map { $0.makeRandomAccess() }
        }
    }

    /// Statements and transactions answer within ``Options/queryTimeout``; a batch gets that much
    /// per hundred rows (an import's thousand links: ten times a request's time), and is rolled
    /// back when its time is up; a batch of clicks is waited for once a connection is leased.
    package func write<T: Sendable>(_ kind: SQLWrite, _ body: @escaping @Sendable (SQLSession) async throws -> T)
        async throws -> T
    {
        let (scope, limit): (TimeLimit.Scope, Duration) =
            switch kind {
            case .statements, .transaction: (.whole, options.queryTimeout)
            case .batch(let rows): (.whole, options.queryTimeout * max(1, (rows + 99) / 100))
            case .clicks: (.untilStarted, options.queryTimeout)
            }
        return try await withConnection(scope: scope, limit: limit) { [logger] connection in
            let session = SQLSession(dialect: .postgres) { statement in
                try await connection.statement(Self.query(statement), logger: logger).map { $0.makeRandomAccess() }
            }
            if case .statements = kind { return try await body(session) }
            return try await Self.transaction(connection, logger: logger) { try await body(session) }
        }
    }

    private static func query(_ statement: SQLStatement) -> PostgresQuery {
        var binds = PostgresBindings(capacity: statement.binds.count)
        for value in statement.binds {
            switch value {
            case .null: binds.appendNull()
            case .integer(let integer): binds.append(integer)
            case .text(let text): binds.append(text)
            case .bool(let flag): binds.append(flag)
            }
        }
        return PostgresQuery(unsafeSQL: statement.sql(in: .postgres), binds: binds)
    }
}

extension PostgresRandomAccessRow: SQLRow {
    package func value(_ column: String) -> SQLValue? {
        guard contains(column) else { return nil }
        let cell = self[column]
        guard cell.bytes != nil else { return .null }
        switch cell.dataType {
        case .bool: return (try? cell.decode(Bool.self)).map(SQLValue.bool)
        case .int2, .int4, .int8: return (try? cell.decode(Int.self)).map(SQLValue.integer)
        case .text, .varchar, .bpchar, .name: return (try? cell.decode(String.self)).map(SQLValue.text)
        default: return nil
        }
    }
}
