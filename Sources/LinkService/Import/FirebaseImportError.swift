import DeepLinkRouting
import LinkCore

/// Why an export cannot be imported at all (nothing is written).
///
/// Match on ``code``; ``message`` says what is wrong with the file and how to export a good one.
package struct FirebaseImportError: CodedError, Hashable {
    /// A stable kind of import error.
    package typealias Code = ErrorCode<FirebaseImportError>

    package let code: Code
    package let message: String

    /// The file is empty.
    package static let emptyFile = Self(
        code: .emptyFile,
        message: "the file is empty; export the links from the Firebase console (CSV with a header row)")

    /// The header row cannot be read.
    package static func unreadableHeader(_ error: CSVError) -> Self {
        Self(code: .unreadableHeader, message: "the header row cannot be read: \(error)")
    }

    /// Required columns are missing from the header (`found` lists the ones there).
    package static func missingColumns(_ missing: [String], found: [String]) -> Self {
        Self(
            code: .missingColumns,
            message:
                "the header has no \(missing.map { "\"\($0)\"" }.joined(separator: " or ")) column (required: short_link, link); found: \(found.joined(separator: ", "))"
        )
    }
}

extension ErrorCode where Owner == FirebaseImportError {
    /// The file has no bytes.
    package static let emptyFile = Self("empty-file")
    /// The header row is not valid CSV.
    package static let unreadableHeader = Self("unreadable-header")
    /// A required column is missing.
    package static let missingColumns = Self("missing-columns")
}
