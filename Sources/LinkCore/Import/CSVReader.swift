/// Reads CSV text as RFC 4180 describes it, record by record, with the line each record starts on.
///
/// Fields are separated by `,`; a field in double quotes may hold commas, line breaks and doubled
/// quotes (`""` reads as `"`). Records end at CRLF or LF (a lone CR counts as a line break too); a
/// UTF-8 byte order mark at the start is skipped; blank lines are skipped. Lines are counted from
/// 1 and every line break counts, including those inside quoted fields, so ``CSVRecord/line`` is
/// where a person finds the record in an editor. Spaces are part of a field, as the RFC says.
///
/// A record that cannot be read (text after a closing quote, a quote that is never closed, bytes
/// that are not UTF-8) throws ``CSVError`` naming its line; the reader has then moved past that
/// record, so the caller may report it and go on with ``next()``.
package struct CSVReader: Sendable {
    private let bytes: [UInt8]
    private var position: Int
    private var line = 1

    private static let quote = UInt8(ascii: "\"")
    private static let comma = UInt8(ascii: ",")
    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
        position = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// How far the reader has come, from 0 to 1 (for progress lines).
    package var fractionRead: Double {
        bytes.isEmpty ? 1 : Double(position) / Double(bytes.count)
    }

    /// The next record, `nil` at the end of the text.
    package mutating func next() throws(CSVError) -> CSVRecord? {
        skipBlankLines()
        guard position < bytes.count else { return nil }
        let start = line
        var fields: [String] = []
        var field: [UInt8] = []
        var problem: CSVError? = nil
        while true {
            field.removeAll(keepingCapacity: true)
            if position < bytes.count, bytes[position] == Self.quote {
                if let error = readQuoted(into: &field, recordLine: start) {
                    problem = problem ?? error
                }
            } else {
                while position < bytes.count, bytes[position] != Self.comma, !isLineBreak(at: position) {
                    field.append(bytes[position])
                    position += 1
                }
            }
            if let text = String(validating: field, as: UTF8.self) {
                fields.append(text)
            } else {
                problem = problem ?? .notUTF8(field: fields.count + 1, line: start)
                fields.append("")
            }
            if position < bytes.count, bytes[position] == Self.comma {
                position += 1
                continue
            }
            consumeLineBreak()
            break
        }
        if let problem { throw problem }
        return CSVRecord(line: start, fields: fields)
    }

    /// The next record or the error of a record that cannot be read; `nil` at the end.
    package mutating func nextResult() -> Result<CSVRecord, CSVError>? {
        do {
            guard let record = try next() else { return nil }
            return .success(record)
        } catch {
            return .failure(error)
        }
    }

    /// Reads a quoted field (the reader is at its opening quote) up to the separator or line break
    /// after it; the problem when the field is malformed (in the record starting on `recordLine`).
    private mutating func readQuoted(into field: inout [UInt8], recordLine: Int) -> CSVError? {
        position += 1
        while position < bytes.count {
            let byte = bytes[position]
            if byte == Self.quote {
                if position + 1 < bytes.count, bytes[position + 1] == Self.quote {
                    field.append(Self.quote)
                    position += 2
                    continue
                }
                position += 1
                guard position < bytes.count, bytes[position] != Self.comma, !isLineBreak(at: position) else {
                    return nil
                }
                // Text after the closing quote: keep the record's shape by skipping to the next
                // separator or line break, and report it.
                while position < bytes.count, bytes[position] != Self.comma, !isLineBreak(at: position) {
                    position += 1
                }
                return .textAfterClosingQuote(line: recordLine)
            }
            if byte == Self.lf || (byte == Self.cr && (position + 1 >= bytes.count || bytes[position + 1] != Self.lf)) {
                line += 1
            }
            field.append(byte)
            position += 1
        }
        return .unclosedQuote(line: recordLine)
    }

    private func isLineBreak(at index: Int) -> Bool {
        bytes[index] == Self.lf || bytes[index] == Self.cr
    }

    private mutating func consumeLineBreak() {
        guard position < bytes.count else { return }
        if bytes[position] == Self.cr, position + 1 < bytes.count, bytes[position + 1] == Self.lf {
            position += 2
        } else {
            position += 1
        }
        line += 1
    }

    private mutating func skipBlankLines() {
        while position < bytes.count, isLineBreak(at: position) {
            consumeLineBreak()
        }
    }
}

/// One record of a CSV text: its fields and the line it starts on (the first line is 1).
package struct CSVRecord: Sendable, Hashable {
    package var line: Int
    package var fields: [String]

    package init(line: Int, fields: [String]) {
        self.line = line
        self.fields = fields
    }
}
