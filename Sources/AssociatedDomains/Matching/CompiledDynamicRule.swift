import DeepLinkRouting

/// An ``AssetLinks/DynamicRule`` as the filter group Android builds from it, matched the way
/// `UriRelativeFilterGroup.matchData` and `UriRelativeFilter.matchData` do.
///
/// Follows aosp-mirror/platform_frameworks_base `core/java/android/content/UriRelativeFilter.java`
/// @1d47c3a0983342d6714ddb5d6a04a204086a7ece and `UriRelativeFilterGroup.java`
/// @01a7983f31379854c073b23844df7dd4705b004a. The JSON → group step
/// (`StatementUtils.createUriRelativeFilterGroup`) is not public; assumed: one filter per key the
/// rule writes — `/` a PATH filter, `#` a FRAGMENT filter, each `"?"` entry a QUERY filter on the
/// text `name=value` — each a simple glob (``AndroidGlob/simpleGlob(_:)``, the name's `*` and `?`
/// included), and `exclude` the group's action.
/// - A group matches when every filter matches; a group without filters never matches
///   (`if (mUriRelativeFilters.size() == 0) return false`), so `{}`, `{"comments": "x"}` and
///   `{"?": {}}` match no URL.
/// - PATH: the decoded path, whole (`""` for `https://a.example`).
/// - FRAGMENT and QUERY fail when the URL has no `#` or `?` (`PatternMatcher.match(null)` is
///   false), whatever the pattern; `…#` and `…?` are present and empty.
/// - QUERY: some parameter of the decoded query (``AssetLinksURLTexts/parameters``) matches
///   `name=value` whole — any occurrence of a repeated name; `?flag` (no `=`) matches no
///   `flag=…` pattern; `+` is not a space; a decoded `%26` splits a value.
struct CompiledDynamicRule: Sendable {
    /// A pattern as written and its simple glob.
    struct Pattern: Sendable {
        let text: String
        let glob: [UInt16]

        init(_ text: String) {
            self.text = text
            glob = AndroidGlob.simpleGlob(text)
        }

        func matches(_ units: ArraySlice<UInt16>?) -> Bool {
            guard let units else { return false }
            return AndroidGlob.matches(glob: glob, units)
        }
    }

    let rule: AssetLinks.DynamicRule
    let path: Pattern?
    let query: [Pattern]
    let fragment: Pattern?

    init(_ rule: AssetLinks.DynamicRule) {
        self.rule = rule
        path = rule.path.map(Pattern.init)
        fragment = rule.fragment.map(Pattern.init)
        // `UriRelativeFilterGroup` keeps its filters in a set: a repeated entry is one filter.
        var query: [Pattern] = []
        for item in rule.query ?? [] where !query.contains(where: { $0.text == item.name + "=" + item.pattern }) {
            query.append(Pattern(item.name + "=" + item.pattern))
        }
        self.query = query
    }

    /// Whether the group has no filter at all (it then matches no URL).
    var isEmpty: Bool { path == nil && fragment == nil && query.isEmpty }

    /// Whether every filter matches (stops at the first miss); never for an empty group.
    func matches(_ texts: AssetLinksURLTexts) -> Bool {
        guard !isEmpty else { return false }
        if let path, !path.matches(texts.path) { return false }
        if let fragment, !fragment.matches(texts.fragment) { return false }
        return query.allSatisfy { queryMatches($0, texts) }
    }

    /// Each specified key and whether it matches, for explanations.
    func verdicts(_ texts: AssetLinksURLTexts) -> [AASAExplanation.KeyVerdict] {
        var verdicts: [AASAExplanation.KeyVerdict] = []
        if let path {
            verdicts.append(.init(key: "/", pattern: path.text, matched: path.matches(texts.path)))
        }
        if let items = rule.query, !query.isEmpty {
            let text = JSONNode(.object(items.map { .init(key: $0.name, value: JSONNode(.string($0.pattern))) }))
                .jsonText(style: .compact)
            verdicts.append(.init(key: "?", pattern: text, matched: query.allSatisfy { queryMatches($0, texts) }))
        }
        if let fragment {
            verdicts.append(.init(key: "#", pattern: fragment.text, matched: fragment.matches(texts.fragment)))
        }
        return verdicts
    }

    private func queryMatches(_ pattern: Pattern, _ texts: AssetLinksURLTexts) -> Bool {
        texts.query != nil && texts.parameters.contains { pattern.matches($0) }
    }
}
