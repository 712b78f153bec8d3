import Foundation
import LinkCore

/// One SQL statement and its bound values, written once for every dialect: each interpolated
/// value becomes a bound value (never text in the SQL), `raw:` interpolates SQL text (names and
/// dialect spellings, never input).
///
/// ```swift
/// let statement: SQLStatement = "SELECT \(raw: LinkRow.columns) FROM links WHERE tenant = \(tenant)"
/// ```
package struct SQLStatement: Sendable, ExpressibleByStringInterpolation {
    /// The SQL around the bound values: always one more than ``binds``.
    package private(set) var fragments: [String]
    package private(set) var binds: [SQLValue]

    package init(stringLiteral text: String) {
        fragments = [text]
        binds = []
    }

    package init(stringInterpolation: Interpolation) {
        fragments = stringInterpolation.fragments
        binds = stringInterpolation.binds
    }

    package struct Interpolation: StringInterpolationProtocol {
        package var fragments: [String] = [""]
        package var binds: [SQLValue] = []

        package init(literalCapacity: Int, interpolationCount: Int) {
            binds.reserveCapacity(interpolationCount)
        }

        package mutating func appendLiteral(_ literal: String) {
            fragments[fragments.count - 1] += literal
        }

        /// SQL text: a name or a dialect's spelling, never a value from outside.
        package mutating func appendInterpolation(raw text: String) {
            fragments[fragments.count - 1] += text
        }

        package mutating func appendInterpolation(_ value: SQLValue) {
            binds.append(value)
            fragments.append("")
        }

        package mutating func appendInterpolation(_ text: String?) { appendInterpolation(SQLValue(text)) }
        package mutating func appendInterpolation(_ integer: Int?) { appendInterpolation(SQLValue(integer)) }
        package mutating func appendInterpolation(_ date: Date?) { appendInterpolation(SQLValue(date)) }

        /// `(VALUES (?), (?), …)`, one bound value a row: the list of an `IN`, which both
        /// dialects read, however long (a list of placeholders in parentheses would be too).
        /// `values` is never empty: callers ask only for what they hold.
        package mutating func appendInterpolation(valueList values: [SQLValue]) {
            assert(!values.isEmpty, "an IN list needs a value")
            fragments[fragments.count - 1] += "(VALUES ("
            for (index, value) in values.enumerated() {
                binds.append(value)
                fragments.append(index == values.count - 1 ? "))" : "), (")
            }
        }

        /// Another statement: its SQL and its bound values.
        package mutating func appendInterpolation(_ statement: SQLStatement) {
            fragments[fragments.count - 1] += statement.fragments[0]
            fragments += statement.fragments.dropFirst()
            binds += statement.binds
        }
    }

    /// Appends SQL text.
    package mutating func append(raw text: String) {
        fragments[fragments.count - 1] += text
    }

    /// Appends a bound value.
    package mutating func append(_ value: SQLValue) {
        binds.append(value)
        fragments.append("")
    }

    /// Appends another statement: its SQL and its bound values.
    package mutating func append(_ other: SQLStatement) {
        fragments[fragments.count - 1] += other.fragments[0]
        fragments += other.fragments.dropFirst()
        binds += other.binds
    }

    /// Appends `(v, …), (v, …)`: one parenthesised group of bound values per row (the click
    /// flush's 65,000 values a statement: one fragment each, nothing appended twice).
    package mutating func append<Rows: Sequence>(rows: Rows, values: (Rows.Element) -> [SQLValue]) {
        var opening = "("
        for row in rows {
            let rowValues = values(row)
            fragments[fragments.count - 1] += opening
            for (index, value) in rowValues.enumerated() {
                binds.append(value)
                fragments.append(index == rowValues.count - 1 ? ")" : ", ")
            }
            opening = ", ("
        }
    }

    /// The SQL text as `dialect` writes it, with a placeholder for each bound value.
    package func sql(in dialect: SQLDialect) -> String {
        if case .sqlite = dialect { return fragments.joined(separator: "?") }
        var text = fragments[0]
        text.reserveCapacity(fragments.reduce(0) { $0 + $1.utf8.count } + binds.count * 6)
        for number in 1..<fragments.count {
            text += dialect.placeholder(number)
            text += fragments[number]
        }
        return text
    }
}
