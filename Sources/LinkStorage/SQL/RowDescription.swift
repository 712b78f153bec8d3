import LinkCore

/// How one kind of record is stored in one table: its columns, each named once with the property
/// it holds, which is how the record is bound to a statement and read back from a row.
///
/// Adding a stored property to a record is one ``Column`` here and one migration per dialect.
package struct RowDescription<Record: Sendable>: Sendable {
    /// One column and the property of the record it holds.
    package struct Column: Sendable {
        package let name: String
        /// Identity columns (a link's id, tenant and slug) are written once, never updated.
        package let isIdentity: Bool
        package let value: @Sendable (Record) -> SQLValue
        package let read: @Sendable (inout Record, RowReader) throws -> Void

        package init<Value: SQLStorable>(
            _ name: String, _ property: any WritableKeyPath<Record, Value> & Sendable, identity: Bool = false
        ) {
            self.name = name
            isIdentity = identity
            value = { $0[keyPath: property].sqlValue }
            read = { record, row in record[keyPath: property] = try row.read(name) }
        }

        /// A column that is only written (clicks: stats read the rollups), its value made by a
        /// closure rather than through a key path, which costs several times as much per value
        /// (the click flush binds 13 values a click).
        package init(_ name: String, written value: @escaping @Sendable (Record) -> SQLValue) {
            self.name = name
            isIdentity = false
            self.value = value
            read = { _, row in throw row.unreadable(name) }
        }
    }

    package let table: String
    /// The columns that name a row, for errors about it.
    package let key: [String]
    package let columns: [Column]
    /// The record that reading a row starts from, before each column sets its property.
    package let blank: Record
    /// What a record read back is normalised to (for a link: an empty social card is none).
    package var finish: @Sendable (Record) -> Record = { $0 }

    /// `a, b, c`: every column, in order.
    package var columnList: String { columns.map(\.name).joined(separator: ", ") }

    /// The columns a change writes: all but the identity.
    package var changeableColumns: [Column] { columns.filter { !$0.isIdentity } }

    /// The record's values, in ``columns`` order.
    package func values(of record: Record) -> [SQLValue] {
        columns.map { $0.value(record) }
    }

    /// The record `row` holds.
    package func record(from row: any SQLRow) throws -> Record {
        let reader = RowReader(row: row, table: table, key: key)
        var record = blank
        for column in columns { try column.read(&record, reader) }
        return finish(record)
    }

    /// A reader of `row` that names this table and key in its errors.
    package func reader(of row: any SQLRow) -> RowReader {
        RowReader(row: row, table: table, key: key)
    }
}
