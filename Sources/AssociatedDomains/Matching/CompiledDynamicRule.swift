import DeepLinkRouting

/// An ``AssetLinks/DynamicRule`` with its patterns split into tokens once, matched the way
/// Android does (``AndroidGlob``).
struct CompiledDynamicRule: Sendable {
    /// A pattern as written and its tokens.
    struct Pattern: Sendable {
        let text: String
        let tokens: [WildcardPattern.Token]

        init(_ text: String) {
            self.text = text
            tokens = WildcardPattern.tokens(text)
        }

        func matches(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
            AndroidGlob.matches(tokens: tokens, text: scalars)
        }
    }

    let rule: AssetLinks.DynamicRule
    let path: Pattern?
    let query: [(name: [Unicode.Scalar], pattern: Pattern)]
    let fragment: Pattern?

    init(_ rule: AssetLinks.DynamicRule) {
        self.rule = rule
        path = rule.path.map(Pattern.init)
        fragment = rule.fragment.map(Pattern.init)
        query = (rule.query ?? []).map { (Array($0.name.unicodeScalars), Pattern($0.pattern)) }
    }

    /// Whether every key the rule specifies matches (stops at the first miss).
    func matches(_ texts: AssetLinksURLTexts) -> Bool {
        if let path, !path.matches(texts.path) { return false }
        if let fragment, !fragment.matches(texts.fragment) { return false }
        return queryMatches(texts)
    }

    /// Each specified key and whether it matches, for explanations.
    func verdicts(_ texts: AssetLinksURLTexts) -> [AASAExplanation.KeyVerdict] {
        var verdicts: [AASAExplanation.KeyVerdict] = []
        if let path {
            verdicts.append(.init(key: "/", pattern: path.text, matched: path.matches(texts.path)))
        }
        if let query = rule.query {
            let text = JSONNode(.object(query.map { .init(key: $0.name, value: JSONNode(.string($0.pattern))) }))
                .jsonText(style: .compact)
            verdicts.append(.init(key: "?", pattern: text, matched: queryMatches(texts)))
        }
        if let fragment {
            verdicts.append(.init(key: "#", pattern: fragment.text, matched: fragment.matches(texts.fragment)))
        }
        return verdicts
    }

    /// Every named item must be present (its first occurrence) with a matching value.
    private func queryMatches(_ texts: AssetLinksURLTexts) -> Bool {
        for (name, pattern) in query {
            guard let value = texts.value(named: name), pattern.matches(value) else { return false }
        }
        return true
    }
}
