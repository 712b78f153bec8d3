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
    /// The rule's flag combination (``AASAURLTexts/slot(caseSensitive:percentEncoded:)``).
    let slot: Int

    init(_ rule: AASARule, variables: [String: [String]]) {
        self.rule = rule
        slot = AASAURLTexts.slot(caseSensitive: rule.caseSensitive, percentEncoded: rule.percentEncoded)
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
        if let path, !path.matches(normalizedPath: texts.path(slot)) { return false }
        if rule.source == .legacyPath { return true }
        if let fragment, !fragment.matches(scalars: texts.fragment(slot)) { return false }
        return queryMatches(&texts)
    }

    /// Each specified key and whether it matches, for explanations.
    func verdicts(_ texts: inout AASAURLTexts) -> [AASAExplanation.KeyVerdict] {
        var verdicts: [AASAExplanation.KeyVerdict] = []
        if let path {
            verdicts.append(
                .init(key: "/", pattern: path.text, matched: path.matches(normalizedPath: texts.path(slot))))
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
                    key: "?", pattern: text, matched: queryMatches(&texts),
                    ignored: {
                        if case .ignoredDictionary = query { return true }
                        return false
                    }()))
        }
        if let fragment {
            verdicts.append(
                .init(key: "#", pattern: fragment.text, matched: fragment.matches(scalars: texts.fragment(slot))))
        }
        return verdicts
    }

    /// The key of ``RuleIndex``: a hash of the literal first segment every path this rule matches
    /// must have (`/s12/*` → `s12`), or `nil` when the rule matches paths whose first segment varies
    /// (no path, a wildcard, `?`, a class or variable before the first `/` after the root).
    ///
    /// Sound because a path glob is compiled from the normalized pattern (`/` then literal tokens
    /// that each match exactly one scalar), and its parent glob (for a final `/*`) starts with the
    /// same segment: any path either glob matches has that segment first.
    var firstSegmentKey: UInt64? {
        guard let path else { return nil }
        let tokens = path.globs.pattern.tokens
        guard tokens.first == .literal("/") else { return nil }
        var hasher = SegmentHasher()
        var length = 0
        for token in tokens.dropFirst() {
            guard case .literal(let scalar) = token else { return nil }
            if scalar == "/" { break }
            hasher.add(scalar)
            length += 1
        }
        return length == 0 ? nil : hasher.value
    }

    private func queryMatches(_ texts: inout AASAURLTexts) -> Bool {
        switch query {
        case .any: return true
        case .whole(let pattern): return pattern.matches(scalars: texts.query(slot))
        case .items(let patterns):
            let items = texts.items(slot)
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
        // Most patterns have no variable: their tokens are the glob's, folded when ASCII (a fold
        // of other text goes through `lowercased()` below, which can change the scalars).
        if !SubstitutionReference.mayHoldReference(text) {
            if !fold { return WildcardPattern(tokens: WildcardPattern.tokens(text), text: text) }
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                var tokens = WildcardPattern.tokens(text)
                for index in tokens.indices {
                    if case .literal(let scalar) = tokens[index], scalar.value &- 0x41 < 26 {
                        tokens[index] = .literal(Unicode.Scalar(UInt8(scalar.value | 0x20)))
                    }
                }
                return WildcardPattern(tokens: tokens, text: text)
            }
        }
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
