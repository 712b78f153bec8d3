/// A manifest that cannot be used, with every problem found in it.
public struct ManifestError: Error, Sendable, CustomStringConvertible {
    /// All diagnostics, errors and warnings, in document order.
    public var diagnostics: [Diagnostic]

    /// An error carrying these diagnostics; at least one should be an error.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// Only the errors.
    public var errors: [Diagnostic] { diagnostics.filter { $0.severity == .error } }

    /// "the manifest is not valid:" and each error on its own line, with its JSON path and code.
    public var description: String {
        (["the manifest is not valid:"] + errors.map { "  " + $0.description }).joined(separator: "\n")
    }
}
