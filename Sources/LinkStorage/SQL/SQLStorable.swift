import Foundation
import LinkCore

/// A Swift type a column holds: how it is bound, and how it is read back (`nil` when the stored
/// value is not one this type was written as).
package protocol SQLStorable: Sendable {
    var sqlValue: SQLValue { get }
    init?(sqlValue: SQLValue)
}

extension String: SQLStorable {
    package var sqlValue: SQLValue { .text(self) }

    package init?(sqlValue: SQLValue) {
        guard case .text(let text) = sqlValue else { return nil }
        self = text
    }
}

extension Int: SQLStorable {
    package var sqlValue: SQLValue { .integer(self) }

    package init?(sqlValue: SQLValue) {
        guard case .integer(let integer) = sqlValue else { return nil }
        self = integer
    }
}

extension Bool: SQLStorable {
    package var sqlValue: SQLValue { .bool(self) }

    /// A PostgreSQL `boolean`, or SQLite's `0` or `1`.
    package init?(sqlValue: SQLValue) {
        switch sqlValue {
        case .bool(let flag): self = flag
        case .integer(0): self = false
        case .integer(1): self = true
        default: return nil
        }
    }
}

extension Date: SQLStorable {
    /// Whole milliseconds since 1970.
    package var sqlValue: SQLValue { .integer(millisecondsSince1970) }

    package init?(sqlValue: SQLValue) {
        guard case .integer(let milliseconds) = sqlValue else { return nil }
        self.init(millisecondsSince1970: milliseconds)
    }
}

extension Optional: SQLStorable where Wrapped: SQLStorable {
    package var sqlValue: SQLValue { self?.sqlValue ?? .null }

    package init?(sqlValue: SQLValue) {
        if sqlValue == .null {
            self = .none
        } else if let value = Wrapped(sqlValue: sqlValue) {
            self = .some(value)
        } else {
            return nil
        }
    }
}
