/// One rule of the ordered list a manifest implies for both platforms: the AASA `components` and
/// the assetlinks.json `dynamic_app_link_components` are two spellings of the same list.
///
/// Computed once by ``rules(for:)``; ``AASAGenerator`` and ``AssetLinksGenerator`` only spell it,
/// so the two files cannot drift apart in order or meaning. The first rule that matches a URL
/// decides on both platforms.
public struct AssociationRule: Sendable, Hashable {
    /// The path glob (`*` any run, `?` one character), written as iOS compares it: percent-encoded.
    public var path: String
    /// Query items that must be present, name → value glob (`?*` for a required item).
    public var query: [AASAFile.QueryItemPattern]
    /// Whether a URL this rule matches stays on the web.
    public var exclude: Bool
    /// Why the rule exists: the route it opens, or what it keeps on the web.
    public var comment: String?

    /// A rule for `path` (with required `query` items), opening the app unless `exclude` is set.
    public init(path: String, query: [AASAFile.QueryItemPattern] = [], exclude: Bool = false, comment: String? = nil) {
        self.path = path
        self.query = query
        self.exclude = exclude
        self.comment = comment
    }
}
