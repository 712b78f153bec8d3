import DeepLinkRouting

/// An ``AASARule`` with its patterns compiled to tokens: substitution variables expanded, literals
/// folded when the rule is case-insensitive.
struct CompiledRule: Sendable {
    enum Query: Sendable {
        case any
        case whole(WildcardPattern)
        case items([(name: [Unicode.Scalar], pattern: WildcardPattern)])
    }

    let rule: AASARule
    let path: PathPattern?
    let query: Query
    let fragment: WildcardPattern?

    init(_ rule: AASARule, variables: [String: [String]]) {
        self.rule = rule
        let fold = !rule.caseSensitive
        let compile = { (text: String) in CompiledRule.glob(text, fold: fold, variables: variables) }
        path = rule.path.map { PathPattern($0, compile: compile) }
        fragment = rule.fragment.map(compile)
        switch rule.query {
        case nil, .ignoredDictionary: query = .any
        case .whole(let text): query = .whole(compile(text))
        case .items(let items):
            query = .items(
                items.map { item in
                    (Array((fold ? item.name.lowercased() : item.name).unicodeScalars), compile(item.pattern))
                })
        }
    }

    /// Whether every key the rule specifies matches (the decision's hot path: stops at the first miss).
    func matches(_ texts: inout AASAURLTexts) -> Bool {
        let view = texts.view(caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded)
        if let path, !path.matches(normalizedPath: view.path) { return false }
        if rule.source == .legacyPath { return true }
        if let fragment, !fragment.matches(scalars: view.fragment) { return false }
        return queryMatches(&texts, view: view)
    }

    /// Each specified key and whether it matches, for explanations.
    func verdicts(_ texts: inout AASAURLTexts) -> [AASAExplanation.KeyVerdict] {
        let view = texts.view(caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded)
        var verdicts: [AASAExplanation.KeyVerdict] = []
        if let path {
            verdicts.append(.init(key: "/", pattern: path.text, matched: path.matches(normalizedPath: view.path)))
        }
        guard rule.source == .component else { return verdicts }
        if let query = rule.query {
            let text: String
            switch query {
            case .whole(let pattern): text = pattern
            case .items, .ignoredDictionary: text = query.jsonNode.jsonText(style: .compact)
            }
            verdicts.append(
                .init(
                    key: "?", pattern: text, matched: queryMatches(&texts, view: view),
                    ignored: {
                        if case .ignoredDictionary = query { return true }
                        return false
                    }()))
        }
        if let fragment {
            verdicts.append(.init(key: "#", pattern: fragment.text, matched: fragment.matches(scalars: view.fragment)))
        }
        return verdicts
    }

    private func queryMatches(_ texts: inout AASAURLTexts, view: AASAURLTexts.View) -> Bool {
        switch query {
        case .any: return true
        case .whole(let pattern): return pattern.matches(scalars: view.query)
        case .items(let patterns):
            let items = texts.items(caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded)
            for (name, pattern) in patterns {
                var seen = false
                for item in items where item.name.elementsEqual(name) {
                    seen = true
                    if !pattern.matches(scalars: item.value) { return false }
                }
                // An absent item counts as present with the empty value.
                if !seen && !pattern.matches(scalars: []) { return false }
            }
            return true
        }
    }

    /// Compiles one pattern text: literal runs become glob tokens (lowercased when folding),
    /// `$(name)` becomes the declared values as alternatives, a built-in class or code list; an
    /// undefined variable becomes an empty set of alternatives, which never matches.
    static func glob(_ text: String, fold: Bool, variables: [String: [String]]) -> WildcardPattern {
        let (pieces, _) = SubstitutionReference.pieces(text)
        var tokens: [WildcardPattern.Token] = []
        func literalTokens(_ text: String) -> [WildcardPattern.Token] {
            WildcardPattern.tokens(fold ? text.lowercased() : text)
        }
        for piece in pieces {
            switch piece {
            case .text(let run):
                for token in literalTokens(run) where !(token == .anyRun && tokens.last == .anyRun) {
                    tokens.append(token)
                }
            case .variable(let name):
                if let values = variables[name] {
                    tokens.append(.alternatives(values.map(literalTokens)))
                } else {
                    switch BuiltInVariables.values(for: name) {
                    case .oneCharacter(let scalarClass):
                        // Folded text has no upper-case letters left to test.
                        let folded: WildcardPattern.ScalarClass =
                            fold && (scalarClass == .upper || scalarClass == .alpha) ? .lower : scalarClass
                        tokens.append(.oneOf(fold ? folded : scalarClass))
                    case .codes(let codes):
                        tokens.append(.alternatives(codes.map(literalTokens)))
                    case nil:
                        tokens.append(.alternatives([]))
                    }
                }
            }
        }
        return WildcardPattern(tokens: tokens, text: text)
    }
}
