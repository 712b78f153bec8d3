/// Why a URL got its decision for an app: the detail and rule that decided (or, when none did,
/// the closest rule and which of its keys failed), with the rule's effective flags.
public struct AASAExplanation: Sendable, Hashable {
    /// The walk's outcome in one word.
    public enum Reason: Sendable, Hashable {
        /// A rule decided (`match` or `exclude`).
        case rule
        /// The app has details but none of their rules matched.
        case noRuleMatched
        /// No detail names the app.
        case appNotInFile
        /// The scheme is neither http nor https.
        case unsupportedScheme(String)
        /// The host is not the domain the file was served for.
        case otherHost(String)
        /// The text is not an absolute URL.
        case invalidURL
    }

    /// One key of a rule and whether the URL satisfied it.
    public struct KeyVerdict: Sendable, Hashable {
        /// `/`, `?` or `#`.
        public var key: String
        /// The key's pattern as the rule holds it (for `?`, the whole query pattern as compact JSON or text).
        public var pattern: String
        /// Whether the URL satisfied the key.
        public var matched: Bool
        /// The key holds a query dictionary iOS ignores (a non-string value): it matches anything.
        public var ignored: Bool

        /// A verdict on one key of a rule.
        public init(key: String, pattern: String, matched: Bool, ignored: Bool = false) {
            self.key = key
            self.pattern = pattern
            self.matched = matched
            self.ignored = ignored
        }
    }

    /// What iOS does with the URL for the app.
    public var decision: AASADecision
    /// Why: a rule decided, none did, or the URL or app is not covered at all.
    public var reason: Reason
    /// The index in `applinks.details` of the deciding (or closest) rule's detail.
    public var detailIndex: Int?
    /// The deciding rule or, for `no_match`, the rule that came closest (most keys matched; the
    /// first on a tie). Its `caseSensitive` and `percentEncoded` are the effective flags.
    public var rule: AASARule?
    /// Each key of ``rule`` with its verdict.
    public var verdicts: [KeyVerdict]

    /// The explanation in words, for `wayfinder aasa match`.
    public var summary: String {
        switch reason {
        case .invalidURL: return "no_match: not an absolute URL"
        case .unsupportedScheme(let scheme): return "no_match: the scheme \"\(scheme)\" is not http or https"
        case .otherHost(let host): return "no_match: the host \"\(host)\" is not the domain the file is served for"
        case .appNotInFile: return "no_match: no entry of applinks.details names this app"
        case .rule, .noRuleMatched: break
        }
        guard let rule, let detailIndex else { return "no_match: this app's entries have no rules" }
        let place = "details[\(detailIndex)].\(rule.source == .component ? "components" : "paths")[\(rule.index)]"
        let flags = "caseSensitive \(rule.caseSensitive), percentEncoded \(rule.percentEncoded)"
        if reason == .rule {
            let how = rule.exclude ? (rule.source == .legacyPath ? "the NOT path" : "the exclude rule") : "the rule"
            return "\(decision): \(how) \(place) matched (\(rule.summary); \(flags))"
        }
        let failed = verdicts.filter { !$0.matched }.map { "\"\($0.key)\" \"\($0.pattern)\"" }
        return "no_match: no rule matched; the closest, \(place) (\(rule.summary); \(flags)), failed on "
            + failed.joined(separator: ", ")
    }
}
