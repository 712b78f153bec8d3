/// A URL cut around its query, so that parameters can be added or replaced while everything else,
/// the fragment included, stays as written.
package struct QueryEdit: Sendable {
    /// Everything before the `?` (or before the fragment when there is no query).
    package var base: Substring
    /// The query's `name=value` items as written (escapes kept), empty ones left out.
    package var items: [Substring]
    /// `#…`, or empty.
    package var fragment: Substring

    package init(_ url: String) {
        base = Substring(url)
        fragment = ""
        if let hash = base.firstIndex(of: "#") {
            fragment = base[hash...]
            base = base[..<hash]
        }
        items = []
        if let mark = base.firstIndex(of: "?") {
            items = base[base.index(after: mark)...].split(separator: "&", omittingEmptySubsequences: true)
            base = base[..<mark]
        }
    }

    /// An item's name as written (before its `=`).
    package static func name(of item: Substring) -> Substring {
        item.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
    }

    /// The URL again, with a `?` before the items.
    package var text: String { base + "?" + items.joined(separator: "&") + fragment }
}
