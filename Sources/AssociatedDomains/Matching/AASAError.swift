import DeepLinkRouting

/// An association file (AASA or assetlinks.json) that cannot be read at all, with its diagnostics.
///
/// ``code`` is always `unreadableFile`; ``diagnostics`` say what is wrong, each with its
/// own code and JSON path.
public struct AASAError: CodedError {
    /// A stable kind of unreadable file, for matching and for logs.
    public typealias Code = ErrorCode<AASAError>

    /// Why the file cannot be read; at least one is an error.
    public let diagnostics: [Diagnostic]

    /// An error carrying these diagnostics.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    public var code: Code { .unreadableFile }

    /// Each diagnostic on its own line.
    public var message: String { diagnostics.map(\.description).joined(separator: "\n") }
}

extension ErrorCode where Owner == AASAError {
    /// The file is not one the matcher can read (not JSON, or not the file's shape).
    public static let unreadableFile = Self("unreadable-association-file")
}
