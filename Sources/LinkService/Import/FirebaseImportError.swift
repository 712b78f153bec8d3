/// Why an export cannot be imported at all (nothing is written).
///
/// Match on ``code``; ``description`` says what is wrong with the file and how to export a good one.
public struct FirebaseImportError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case emptyFile
        case unreadableHeader(CSVError)
        case missingColumns([String], found: [String])
    }

    /// A stable kind of import error.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kebab-case name, as written in logs.
        public let description: String

        private init(_ name: String) { description = name }

        /// The file has no bytes.
        public static let emptyFile = Code("empty-file")
        /// The header row is not valid CSV.
        public static let unreadableHeader = Code("unreadable-header")
        /// A required column is missing.
        public static let missingColumns = Code("missing-columns")
    }

    private let reason: Reason

    private init(_ reason: Reason) { self.reason = reason }

    /// The file is empty.
    public static let emptyFile = Self(.emptyFile)
    /// The header row cannot be read.
    public static func unreadableHeader(_ error: CSVError) -> Self { Self(.unreadableHeader(error)) }
    /// Required columns are missing from the header (`found` lists the ones there).
    public static func missingColumns(_ missing: [String], found: [String]) -> Self {
        Self(.missingColumns(missing, found: found))
    }

    /// What kind of error this is.
    public var code: Code {
        switch reason {
        case .emptyFile: .emptyFile
        case .unreadableHeader: .unreadableHeader
        case .missingColumns: .missingColumns
        }
    }

    public var description: String {
        switch reason {
        case .emptyFile:
            "the file is empty; export the links from the Firebase console (CSV with a header row)"
        case .unreadableHeader(let error):
            "the header row cannot be read: \(error)"
        case .missingColumns(let missing, let found):
            "the header has no \(missing.map { "\"\($0)\"" }.joined(separator: " or ")) column (required: short_link, link); found: \(found.joined(separator: ", "))"
        }
    }
}
