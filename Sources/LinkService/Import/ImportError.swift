import DeepLinkRouting
import Foundation
import LinkCore

/// Why a file cannot be imported at all (nothing is written): one line that says what is wrong
/// with the file and how to get a good one.
///
/// Match on ``code``; ``message`` is the line the command prints.
package struct ImportError: CodedError, Hashable {
    /// A stable kind of import error.
    package typealias Code = ErrorCode<ImportError>

    package let code: Code
    package let message: String

    package init(code: Code, message: String) {
        self.code = code
        self.message = message
    }

    /// The file is empty.
    package static let emptyFile = Self(
        code: .emptyFile, message: "the file is empty; export the links again (a CSV file with a header row)")

    /// The file cannot be opened (no such file, a folder, no permission).
    package static func unreadableFile(_ reason: String) -> Self {
        Self(code: .unreadableFile, message: reason)
    }

    /// The header row cannot be read.
    package static func unreadableHeader(_ error: CSVError) -> Self {
        Self(code: .unreadableHeader, message: "the header row cannot be read: \(error)")
    }

    /// Required columns are missing from the header (`found` lists the ones there).
    package static func missingColumns(_ missing: [String], found: [String]) -> Self {
        Self(
            code: .missingColumns,
            message:
                "the header has no \(missing.map { "\"\($0)\"" }.joined(separator: " or ")) column; found: \(found.joined(separator: ", "))"
        )
    }

    /// The file is another source's export (or JSON where CSV was expected, or the other way round).
    package static func wrongFormat(expected: String, looksLike: String, hint: String) -> Self {
        Self(
            code: .wrongFormat,
            message: "this is not a \(expected) export: it looks like \(looksLike); \(hint)")
    }

    /// The text is not UTF-8 (`detail` says where, or which encoding it is).
    package static func unreadableEncoding(_ detail: String) -> Self {
        Self(code: .unreadableEncoding, message: "\(detail); save the file as UTF-8 and import it again")
    }

    /// A row is longer than any real export's row.
    package static func tooLong(_ message: String) -> Self {
        Self(code: .rowTooLong, message: message)
    }

    /// `--domain` is not one of the tenant's domains.
    package static func unknownDomain(_ domain: String, tenant: Tenant) -> Self {
        Self(
            code: .unknownDomain,
            message:
                "\(domain) is not a domain of \(tenant.id); its domains: \(tenant.manifest.domains.joined(separator: ", "))"
        )
    }

    /// A JSON export that is not the list the source's API answers.
    package static func malformedJSON(_ detail: String) -> Self {
        Self(code: .malformedJSON, message: detail)
    }
}

extension ErrorCode where Owner == ImportError {
    /// The file has no bytes.
    package static let emptyFile = Self("empty-file")
    /// The file cannot be opened.
    package static let unreadableFile = Self("unreadable-file")
    /// The header row is not valid CSV.
    package static let unreadableHeader = Self("unreadable-header")
    /// A required column is missing.
    package static let missingColumns = Self("missing-columns")
    /// The file is another format.
    package static let wrongFormat = Self("wrong-format")
    /// The text is not UTF-8.
    package static let unreadableEncoding = Self("unreadable-encoding")
    /// A row is too long.
    package static let rowTooLong = Self("row-too-long")
    /// `--domain` is not the tenant's.
    package static let unknownDomain = Self("unknown-domain")
    /// The JSON is not the source's link list.
    package static let malformedJSON = Self("malformed-json")
}

/// The errors of a Firebase Dynamic Links import (the first import; every source shares the type).
package typealias FirebaseImportError = ImportError
