import LinkCore

/// A row as a database driver returns it, read by column name.
package protocol SQLRow: Sendable {
    /// The value in `column`: `nil` when the row has no such column or holds a kind of value the
    /// stores never write there (a blob, a real number, a type PostgreSQL was altered to).
    func value(_ column: String) -> SQLValue?
}

/// Reads a row's values as Swift types, and says which value it could not read: both stores
/// throw ``LinkStoreError/unreadableValue(table:column:key:)`` naming the table, the column and
/// the row, never a made-up `""` or `0`.
package struct RowReader {
    package let row: any SQLRow
    /// The table the row is from, for the error.
    package let table: String
    /// The columns that name the row, for the error.
    package let key: [String]

    /// The value in `column` as `Value`.
    package func read<Value: SQLStorable>(_ column: String, as type: Value.Type = Value.self) throws -> Value {
        guard let stored = row.value(column), let value = Value(sqlValue: stored) else {
            throw unreadable(column)
        }
        return value
    }

    /// The error for a value of `column` that is not what this build writes there.
    package func unreadable(_ column: String) -> LinkStoreError {
        let names = key.map { name -> String in
            switch row.value(name) {
            case .text(let text): "\(name) \"\(text)\""
            case .integer(let integer): "\(name) \(integer)"
            default: "\(name) unknown"
            }
        }
        return .unreadableValue(table: table, column: column, key: names.joined(separator: ", "))
    }
}
