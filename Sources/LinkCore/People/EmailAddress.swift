import Foundation

/// Email addresses as people are found by them: one stored form per address.
package enum EmailAddress {
    /// Why an address was not taken.
    package struct Invalid: Error, Sendable, Equatable, CustomStringConvertible {
        package var address: String
        package var description: String { "\"\(address)\" is not an email address (name@domain)" }
    }

    /// `address` trimmed and lowercased (the domain is case-insensitive everywhere, and no
    /// provider this server meets treats the local part's case as meaningful: two people who
    /// differ only in case would be one mistake, not two people).
    package static func normalised(_ address: String) throws(Invalid) -> String {
        let trimmed = address.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        let parts = trimmed.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[1].contains("."), !parts[1].hasPrefix("."),
            !parts[1].hasSuffix("."), trimmed.count <= 254,
            !trimmed.contains(where: { $0.isWhitespace || $0 == "<" || $0 == ">" || $0 == "," })
        else { throw Invalid(address: address) }
        return trimmed
    }
}
