import DeepLinkRouting

/// A record of a CSV text that cannot be read, and why.
///
/// Match on ``code``; ``description`` is `line N: ` and the ``message``.
package struct CSVError: CodedError, Hashable {
    /// A stable kind of unreadable record.
    package typealias Code = ErrorCode<CSVError>

    package let code: Code
    /// The line the record starts on.
    package let line: Int
    package let message: String

    /// `line N: ` and what is wrong.
    package var description: String { "line \(line): \(message)" }

    package static func textAfterClosingQuote(line: Int) -> Self {
        Self(
            code: .textAfterClosingQuote, line: line,
            message: "a quoted field has text after its closing quote; write a quote inside a quoted field as \"\"")
    }

    package static func unclosedQuote(line: Int) -> Self {
        Self(
            code: .unclosedQuote, line: line,
            message: "a quoted field is never closed: the file ends inside it; close it with \"")
    }

    package static func notUTF8(field: Int, line: Int) -> Self {
        Self(code: .notUTF8, line: line, message: "field \(field) is not UTF-8 text; save the file as UTF-8")
    }

    package static func recordTooLong(line: Int, limit: Int) -> Self {
        Self(
            code: .recordTooLong, line: line,
            message:
                "the row is longer than \(limit / 1024) KiB; check for a quote that is never closed, or split the value"
        )
    }
}

extension ErrorCode where Owner == CSVError {
    /// A quoted field with text after its closing quote.
    package static let textAfterClosingQuote = Self("text-after-closing-quote")
    /// A quoted field the file ends inside.
    package static let unclosedQuote = Self("unclosed-quote")
    /// A field whose bytes are not UTF-8.
    package static let notUTF8 = Self("not-utf8")
    /// A record longer than the reader keeps.
    package static let recordTooLong = Self("record-too-long")
}
