import DeepLinkRouting

/// Checks an association file against every rule iOS and Apple's CDN apply, each finding with a
/// stable code, severity, JSON path, message and hint.
///
/// | code | severity | finding |
/// |---|---|---|
/// | `invalid-json`, `not-an-object` | error | the file cannot be read |
/// | `file-too-large` | error | over 128 KB |
/// | `details-wrong-type` | error | `details` neither array nor dictionary |
/// | `detail-missing-app-id` | error | a detail names no app |
/// | `invalid-app-id` | error | not `<10 upper-case alnum>.<bundle id>` |
/// | `paths-wrong-type` | error | `paths` not an array of strings |
/// | `component-key-wrong-type` | error | `/`, `#`, `?`, flags of the wrong type |
/// | `query-value-not-string` | error | a query dictionary value that is not a string |
/// | `undefined-variable`, `unclosed-variable`, `variable-references-variable`, `invalid-variable-name` | error | substitution variables |
/// | `legacy-apps-not-empty` | error | legacy `apps` not empty |
/// | `service-wrong-shape` | error | another service not `{apps: [string]}` |
/// | `paths-and-components-mixed` | warning | both in one detail |
/// | `pattern-in-defaults` | warning | `/`, `?` or `#` inside `defaults` |
/// | `unreachable-rule` | warning | an earlier rule covers it |
/// | `catch-all-rule` | warning | a rule that opens the whole domain |
/// | `not-without-space` | warning | `NOT/x` (a path, not an exclusion) |
/// | `details-dictionary` | warning | dictionary-shaped `details` |
/// | `unknown-key`, `duplicate-key`, `wrong-type`, `missing-key` | warning / error | generic JSON shape checks |
public enum AASAValidator {
    /// Rule pairs compared for reachability at most, so that huge files stay fast to check.
    public static let maximumRulePairs = 100_000

    /// Steps of pattern comparison (one token of a rule's patterns against one of another's)
    /// spent on reachability at most. Pairs alone do not bound the work: comparing two long,
    /// star-laden patterns costs the product of their lengths, and 128 KB of such rules would
    /// take seconds. About a tenth of a second of work; ordinary files never reach it.
    public static let maximumComparisonSteps = 200_000_000

    /// Every diagnostic for the file's bytes, sorted by JSON path.
    public static func validate(_ bytes: some Collection<UInt8>) -> [Diagnostic] {
        let decoded = AASAFile.decode(bytes)
        var diagnostics = decoded.diagnostics
        if let file = decoded.file { diagnostics += ruleDiagnostics(file) }
        return diagnostics
    }

    /// The checks that need a whole detail's rules: unreachable and catch-all rules.
    public static func ruleDiagnostics(_ file: AASAFile) -> [Diagnostic] {
        ruleDiagnostics(file, maximumComparisonSteps: maximumComparisonSteps)
    }

    /// ``ruleDiagnostics(_:)`` with another bound on the reachability check's work.
    static func ruleDiagnostics(_ file: AASAFile, maximumComparisonSteps: Int) -> [Diagnostic] {
        guard let appLinks = file.applinks else { return [] }
        var collector = DiagnosticCollector()
        var budget = ComparisonBudget(pairs: maximumRulePairs, steps: maximumComparisonSteps)
        // Each app's rules, across its details in order: an earlier detail's rule covers a later one's.
        var seenByApp: [String: [(rule: AASARule, forms: GlobSubsumption.PathForms?, size: Int, path: JSONPath)]] =
            [:]
        for (detailIndex, detail) in appLinks.details.enumerated() {
            let detailPath = path(of: detail, at: detailIndex, in: appLinks)
            let rules = appLinks.rules(of: detail)
            let key = detail.usesComponents ? "components" : "paths"
            var reported: Set<Int> = []
            for rule in rules {
                let forms = budget.isLeft ? rule.path.map(GlobSubsumption.PathForms.init) : nil
                let size = comparisonSize(rule, forms)
                let rulePath = detailPath.appending(key).appending(rule.index)
                if !rule.exclude && opensWholeDomain(rule) {
                    collector.warning(
                        "catch-all-rule", rulePath,
                        "this rule opens every URL of the domain in the app, including pages the app cannot show",
                        hint: "list the app's paths, or exclude what the app cannot show before this rule")
                }
                for appID in detail.appIDs where budget.isLeft && !reported.contains(rule.index) {
                    let earlier = seenByApp[appID, default: []]
                    for previous in earlier {
                        guard budget.spend(steps: previous.size * size) else { break }
                        if covers(previous.rule, previous.forms, rule, forms) {
                            reported.insert(rule.index)
                            collector.warning(
                                "unreachable-rule", rulePath,
                                "this rule can never decide: the earlier rule at \(previous.path) matches every URL it matches",
                                hint: "move it before \(previous.path), or delete it")
                            break
                        }
                    }
                }
                if budget.isLeft {
                    for appID in detail.appIDs { seenByApp[appID, default: []].append((rule, forms, size, rulePath)) }
                }
            }
        }
        return collector.diagnostics
    }

    /// The JSON path of a detail: `applinks.details[2]` or `applinks.details["ABCDE12345.com.x"]`.
    static func path(of detail: AASAFile.Detail, at index: Int, in appLinks: AASAFile.AppLinks) -> JSONPath {
        let details = JSONPath.root.appending("applinks").appending("details")
        if appLinks.detailsShape == .dictionary, let appID = detail.appIDs.first { return details.appending(appID) }
        return details.appending(index)
    }

    /// A matching rule with no query or fragment restriction whose path is `*` or `/*`.
    static func opensWholeDomain(_ rule: AASARule) -> Bool {
        guard rule.fragment.map({ $0 == "*" }) ?? true else { return false }
        switch rule.query {
        case nil, .ignoredDictionary: break
        case .whole(let text) where text == "*": break
        case .items(let items) where items.allSatisfy({ $0.pattern == "*" }): break
        default: return false
        }
        guard let path = rule.path else { return true }
        return GlobSubsumption.coversPath(path, "/*")
    }

    /// One side of what comparing two rules can cost: every path form's tokens, the fragment and
    /// the query patterns. The product of two sizes bounds the steps of comparing the two rules.
    static func comparisonSize(_ rule: AASARule, _ forms: GlobSubsumption.PathForms?) -> Int {
        var size = 1 + (forms?.forms.reduce(0) { $0 + $1.count + 1 } ?? 0) + (rule.fragment?.utf8.count ?? 0)
        switch rule.query {
        case .whole(let text): size += text.utf8.count
        case .items(let items): size += items.reduce(0) { $0 + $1.pattern.utf8.count + 1 }
        case nil, .ignoredDictionary: break
        }
        return size
    }

    /// Whether every URL `later` matches is matched by `earlier` (conservatively).
    static func covers(
        _ earlier: AASARule, _ earlierForms: GlobSubsumption.PathForms?, _ later: AASARule,
        _ laterForms: GlobSubsumption.PathForms?
    ) -> Bool {
        guard earlier.caseSensitive == later.caseSensitive, earlier.percentEncoded == later.percentEncoded else {
            return false
        }
        if let earlierForms {
            guard let laterForms, GlobSubsumption.coversPath(earlierForms, laterForms) else { return false }
        }
        // Legacy paths compare no query and fragment: as rules, they accept every one.
        if earlier.source == .legacyPath { return true }
        let laterIsLegacy = later.source == .legacyPath
        if let fragment = earlier.fragment, fragment != "*" {
            guard !laterIsLegacy, let laterFragment = later.fragment,
                GlobSubsumption.coversText(fragment, laterFragment)
            else { return false }
        }
        switch earlier.query {
        case nil, .ignoredDictionary: return true
        case .whole(let text):
            if text == "*" { return true }
            guard !laterIsLegacy, case .whole(let laterText) = later.query else { return false }
            return GlobSubsumption.coversText(text, laterText)
        case .items(let items):
            guard !laterIsLegacy else { return items.allSatisfy { $0.pattern == "*" } }
            let laterItems: [AASAFile.QueryItemPattern]
            switch later.query {
            case .items(let list): laterItems = list
            default: laterItems = []
            }
            // Each item the earlier rule tests must be tested at least as strictly by the later one.
            return items.allSatisfy { item in
                if item.pattern == "*" { return true }
                guard let laterItem = laterItems.first(where: { $0.name == item.name }) else { return false }
                return GlobSubsumption.coversText(item.pattern, laterItem.pattern)
            }
        }
    }
}

/// What the reachability check may still spend: rule pairs and comparison steps.
private struct ComparisonBudget {
    var pairs: Int
    var steps: Int

    var isLeft: Bool { pairs > 0 && steps > 0 }

    /// Takes one pair costing `steps`; `false` (and nothing left) when that is more than remains.
    mutating func spend(steps cost: Int) -> Bool {
        pairs -= 1
        steps -= cost
        return isLeft
    }
}
