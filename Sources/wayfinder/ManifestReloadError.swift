/// A reload (`SIGHUP`) found a manifest that does not load; the server keeps the set it had.
struct ManifestReloadError: Error, CustomStringConvertible {
    /// `manifest validate`'s lines for the files at fault.
    var diagnostics: [String]

    var description: String {
        "\(diagnostics.count) diagnostic line(s); the last: \(diagnostics.last ?? "none")"
    }
}
