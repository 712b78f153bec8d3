/// Host-name rules for the manifest's `domains`: what iOS accepts in an associated-domains
/// entitlement and a link server can answer for.
package enum HostName {
    /// Why `text` is not a usable host name, or `nil` when it is one. Upper-case letters are
    /// accepted (hosts compare case-insensitively); callers store the lowercased form.
    package static func problem(with text: String) -> String? {
        if text.isEmpty { return "is empty" }
        if text.contains("://") { return "has a scheme; write the host name only, such as \"example.com\"" }
        if text.contains("/") { return "has a path; write the host name only, such as \"example.com\"" }
        if text.contains(":") {
            return "has a port; write the host name only (the link server listens on its own port)"
        }
        if text.hasPrefix("*.") { return "is a wildcard; list each host the link server answers for" }
        if text.unicodeScalars.contains(where: { !$0.isASCII }) {
            return "is an internationalized name; write it in punycode (\"xn--…\"), as DNS and iOS expect"
        }
        if text.utf8.count > 253 { return "is longer than 253 characters" }
        let labels = text.split(separator: ".", omittingEmptySubsequences: false)
        for label in labels {
            if label.isEmpty { return "has an empty label (\"..\" or a leading or trailing dot)" }
            if label.utf8.count > 63 { return "has a label longer than 63 characters" }
            if label.hasPrefix("-") || label.hasSuffix("-") { return "has a label that starts or ends with \"-\"" }
            if let bad = label.unicodeScalars.first(where: {
                !($0.isASCIILetter || ("0"..."9").contains($0) || $0 == "-")
            }) {
                return "contains \"\(bad)\"; host names are letters, digits, \"-\" and dots"
            }
        }
        return nil
    }
}
