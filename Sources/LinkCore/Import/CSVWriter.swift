import Foundation

/// Writes CSV records as ``CSVReader`` reads them (RFC 4180): a field with a comma, a quote, a
/// line break or surrounding spaces is quoted, with its quotes doubled; records end with CRLF.
package enum CSVWriter {
    /// One record, with its CRLF.
    package static func record(_ fields: [String]) -> String {
        fields.map(field).joined(separator: ",") + "\r\n"
    }

    /// A field as it is written in a record.
    package static func field(_ text: String) -> String {
        let needsQuotes =
            text.contains { $0 == "," || $0 == "\"" || $0 == "\n" || $0 == "\r" }
            || text.first == " " || text.last == " "
        guard needsQuotes else { return text }
        return "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }
}
