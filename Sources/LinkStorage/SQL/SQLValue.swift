import Foundation
import LinkCore

/// A value bound to a statement or read from a row, whatever the database: the SQL stores keep
/// only text, whole numbers and flags (dates are whole milliseconds since 1970).
package enum SQLValue: Sendable, Hashable {
    case null
    case integer(Int)
    case text(String)
    /// `boolean` in PostgreSQL, `0` or `1` in SQLite.
    case bool(Bool)

    /// `.text`, or `.null` for `nil`.
    package init(_ text: String?) {
        self = text.map { .text($0) } ?? .null
    }

    /// `.integer`, or `.null` for `nil`.
    package init(_ integer: Int?) {
        self = integer.map { .integer($0) } ?? .null
    }

    /// Whole milliseconds since 1970, or `.null` for `nil`.
    package init(_ date: Date?) {
        self = date.map { .integer($0.millisecondsSince1970) } ?? .null
    }
}
