/// Why a URL got its decision for an Android package under an assetlinks.json's dynamic App Links
/// rules: the statement and rule that decided (or, when none did, the closest rule and which of
/// its keys failed).
public struct AssetLinksExplanation: Sendable, Hashable {
    /// The walk's outcome in one word.
    public enum Reason: Sendable, Hashable {
        /// A rule decided (`match` or `exclude`).
        case rule
        /// The package has dynamic rules but none matched: the URL stays on the web.
        case noRuleMatched
        /// The package is granted `handle_all_urls` without dynamic rules: its intent filters
        /// alone decide, so every URL of the domain is a `match` here.
        case noDynamicRules
        /// No statement grants the package `handle_all_urls`.
        case packageNotInFile
        /// The scheme is neither http nor https.
        case unsupportedScheme(String)
        /// The host is not the domain the file was served for.
        case otherHost(String)
        /// The text is not an absolute URL.
        case invalidURL
        /// Android's statement service cannot read the file (why), so it verifies no app.
        case unreadableOnAndroid(String)
    }

    /// What Android does with the URL for the package.
    public var decision: AASADecision
    /// Why: a rule decided, none did, the package has no dynamic rules, or the URL or package is not
    /// covered at all.
    public var reason: Reason
    /// The index in the file of the deciding (or closest) rule's statement.
    public var statementIndex: Int?
    /// The index of the deciding (or closest) rule in its statement's `dynamic_app_link_components`.
    public var ruleIndex: Int?
    /// The deciding rule or, for `no_match`, the rule that came closest.
    public var rule: AssetLinks.DynamicRule?
    /// Each key of ``rule`` with its verdict.
    public var verdicts: [AASAExplanation.KeyVerdict]

    /// An explanation from its parts.
    public init(
        decision: AASADecision, reason: Reason, statementIndex: Int? = nil, ruleIndex: Int? = nil,
        rule: AssetLinks.DynamicRule? = nil, verdicts: [AASAExplanation.KeyVerdict] = []
    ) {
        self.decision = decision
        self.reason = reason
        self.statementIndex = statementIndex
        self.ruleIndex = ruleIndex
        self.rule = rule
        self.verdicts = verdicts
    }

    /// The explanation in words, for `wayfinder assetlinks match`.
    public var summary: String {
        switch reason {
        case .invalidURL: return "no_match: not an absolute URL"
        case .unsupportedScheme(let scheme): return "no_match: the scheme \"\(scheme)\" is not http or https"
        case .otherHost(let host): return "no_match: the host \"\(host)\" is not the domain the file is served for"
        case .packageNotInFile: return "no_match: no statement grants this package handle_all_urls"
        case .unreadableOnAndroid(let why):
            return "no_match: Android's statement service cannot read the file (\(why)), so it verifies no app"
        case .noDynamicRules:
            return
                "match: the package is granted handle_all_urls without dynamic rules (or with an empty list), so its intent filters alone decide"
        case .rule, .noRuleMatched: break
        }
        guard let rule, let statementIndex, let ruleIndex else { return "no_match: no rule matched" }
        let place = "[\(statementIndex)].relation_extensions.dynamic_app_link_components[\(ruleIndex)]"
        if reason == .rule {
            return "\(decision): \(rule.excludes ? "the exclude rule" : "the rule") \(place) matched (\(rule.summary))"
        }
        let failed = verdicts.filter { !$0.matched }.map { "\"\($0.key)\" \"\($0.pattern)\"" }
        guard !failed.isEmpty else {
            return
                "no_match: no rule matched; the closest, \(place) (\(rule.summary)), has no key, and Android never matches a rule without one"
        }
        return "no_match: no rule matched; the closest, \(place) (\(rule.summary)), failed on "
            + failed.joined(separator: ", ")
    }
}
