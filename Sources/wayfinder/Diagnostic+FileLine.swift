import DeepLinkRouting

extension Diagnostic {
    /// The diagnostic as one line of text output, led by where it is the way compilers write it
    /// (`FILE:LINE:COLUMN: error: …`, which editors and terminals turn into a link), or by the file
    /// alone when the finding has no place in the text.
    func line(in file: String) -> String {
        guard let location, location != .unknown else { return "\(file): \(self)" }
        return "\(file):\(location.line):\(location.column): \(self)"
    }
}
