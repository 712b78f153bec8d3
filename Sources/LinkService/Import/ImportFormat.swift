import Foundation
import LinkCore

/// What one source's export looks like and how a row of it becomes a link create: the only part
/// of an import that differs between sources. ``LinkImport`` does the rest (reading, validation
/// as the API validates, reporting by line, idempotence, dry runs, batched writes).
package protocol ImportFormat: Sendable {
    /// The source as the command names it (`wayfinder import NAME`).
    var name: String { get }
    /// What a person calls the export, for messages ("a Branch links CSV").
    var exportName: String { get }
    /// Whether the export is a JSON document (else CSV with a header row).
    var isJSON: Bool { get }
    /// Columns every export has, as ``normalize(_:)`` writes them.
    var requiredColumns: [String] { get }
    /// Every column the mapping reads, normalized; other columns are reported once and ignored.
    var knownColumns: Set<String> { get }
    /// A header name as the mapping looks it up (by default trimmed and lowercased).
    func normalize(_ column: String) -> String
    /// The link create a row asks for, or why the row cannot be one.
    func candidate(_ row: ImportRow, in context: ImportContext) -> Result<ImportCandidate, ImportRowProblem>
    /// The reason a row's link failed the API's checks, in the source's words (by default the
    /// API's field path and detail).
    func reason(for problem: Problem) -> String
}

extension ImportFormat {
    package var isJSON: Bool { false }

    package func normalize(_ column: String) -> String {
        column.trimmingCharacters(in: .whitespaces).lowercased()
    }

    package func reason(for problem: Problem) -> String {
        problem.field.map { "\($0): \(problem.detail)" } ?? problem.detail
    }

    /// Whether a header (as written) has every required column of this format.
    package func matches(header: [String]) -> Bool {
        let columns = Set(header.map(normalize))
        return requiredColumns.allSatisfy(columns.contains)
    }
}

/// One row of an export: its values by normalized column name, and where it is in the file.
package struct ImportRow: Sendable {
    /// The line the row starts on (CSV), or its number in the list (JSON).
    package var line: Int
    package var values: [String: String]

    package init(line: Int, values: [String: String]) {
        self.line = line
        self.values = values
    }

    /// The value of `column` with surrounding spaces removed; `nil` when it is empty or missing.
    package subscript(_ column: String) -> String? {
        guard let value = values[column]?.trimmingCharacters(in: .whitespacesAndNewlines), !value.isEmpty else {
            return nil
        }
        return value
    }

    /// A click count in `column` (`nil` when there is none; a value that is no count is none).
    package func count(_ column: String) -> Int? {
        self[column].flatMap { Int($0) }.flatMap { $0 >= 0 ? $0 : nil }
    }
}

/// What a row asks for: the link create the API would receive, and what the report says of it.
package struct ImportCandidate: Sendable {
    /// How the row names its link in the report (its short link, or slug).
    package var label: String
    package var request: LinkRequest
    package var warnings: [ImportReport.Warning] = []
    /// The click total the source counted for the link.
    package var clicks: Int? = nil

    package init(label: String, request: LinkRequest, warnings: [ImportReport.Warning] = [], clicks: Int? = nil) {
        self.label = label
        self.request = request
        self.warnings = warnings
        self.clicks = clicks
    }
}

/// Why a row cannot be imported.
package struct ImportRowProblem: Error, Sendable {
    package var label: String?
    package var reason: String

    package init(label: String?, _ reason: String) {
        self.label = label
        self.reason = reason
    }
}
