import DeepLinkRouting
import Foundation

/// An assetlinks.json compiled for one domain: decides URLs for an Android package the way
/// Android 15 applies dynamic App Links rules. Parse once, decide many.
///
/// Only http and https URLs on the domain the file was served for. The package's statements that
/// grant `handle_all_urls` are considered; their dynamic rules, in file order, are tried in order
/// and the first that matches decides, `match` or `exclude`; none matches, `no_match` (the URL
/// stays on the web). A package granted `handle_all_urls` without dynamic rules gets `match` for
/// every URL: its intent filters alone decide, and those are not in the file. A rule matches
/// when every key it specifies matches; an absent key matches anything. Patterns match the whole
/// decoded text case-sensitively, the way Android's glob does: `?` one character, `*` up to the
/// first occurrence of the character after it. A query item a rule names
/// must be present (its first occurrence) and match.
///
/// Where this differs from iOS is written down in Documentation/AssociatedDomains.md.
public struct CompiledAssetLinks: Sendable {
    /// The domain the file was served for (lowercase); `*.example.com` covers its subdomains only.
    public let domain: String
    /// The packages granted `handle_all_urls`, in file order, without duplicates.
    public let packages: [String]
    private let rulesByPackage: [String: [Located]]
    /// Packages granted `handle_all_urls` whose statements carry no dynamic rules.
    private let packagesWithoutRules: Set<String>

    struct Located: Sendable {
        let statement: Int
        let index: Int
        let rule: CompiledDynamicRule
    }

    /// Compiles `assetLinks` for `domain`.
    public init(_ assetLinks: AssetLinks, domain: String) {
        self.domain = domain.lowercased()
        var packages: [String] = []
        var rules: [String: [Located]] = [:]
        var hasRules: Set<String> = []
        for (statementIndex, statement) in assetLinks.statements.enumerated()
        where statement.relation.contains(AssetLinks.handleAllURLs) {
            guard case .androidApp(let package, _) = statement.target else { continue }
            if !packages.contains(package) { packages.append(package) }
            guard let dynamicRules = statement.dynamicRules else { continue }
            hasRules.insert(package)
            rules[package, default: []] += dynamicRules.enumerated().map {
                Located(statement: statementIndex, index: $0.offset, rule: CompiledDynamicRule($0.element))
            }
        }
        self.packages = packages
        self.rulesByPackage = rules
        self.packagesWithoutRules = Set(packages).subtracting(hasRules)
    }

    /// Reads and compiles a file; throws its diagnostics when it is not JSON or not an array of
    /// statements (other problems are tolerated: broken statements are skipped).
    public init(json bytes: some Collection<UInt8>, domain: String) throws(AASAError) {
        let decoded = AssetLinks.decode(bytes)
        guard let assetLinks = decoded.assetLinks else { throw AASAError(diagnostics: decoded.diagnostics) }
        self.init(assetLinks, domain: domain)
    }

    /// The decision for `url` (text as received) and the package `package`.
    public func decide(package: String, url: String) -> AASADecision {
        guard let parsed = AASAURL(url), isServed(parsed) else { return .noMatch }
        if packagesWithoutRules.contains(package) { return .match }
        guard let rules = rulesByPackage[package] else { return .noMatch }
        let texts = AssetLinksURLTexts(url: parsed)
        for located in rules where located.rule.matches(texts) {
            return located.rule.rule.excludes ? .exclude : .match
        }
        return .noMatch
    }

    /// The decision for `url` and the package `package`.
    public func decide(package: String, url: URL) -> AASADecision {
        decide(package: package, url: url.absoluteString)
    }

    /// The decision with its reason: which statement and rule decided, or for `no_match` the
    /// closest rule with each key's verdict.
    public func explain(package: String, url: String) -> AssetLinksExplanation {
        guard let parsed = AASAURL(url) else { return AssetLinksExplanation(decision: .noMatch, reason: .invalidURL) }
        guard parsed.scheme == "http" || parsed.scheme == "https" else {
            return AssetLinksExplanation(decision: .noMatch, reason: .unsupportedScheme(parsed.scheme))
        }
        guard isServed(parsed) else {
            return AssetLinksExplanation(decision: .noMatch, reason: .otherHost(parsed.host))
        }
        if packagesWithoutRules.contains(package) {
            return AssetLinksExplanation(decision: .match, reason: .noDynamicRules)
        }
        guard let rules = rulesByPackage[package] else {
            return AssetLinksExplanation(decision: .noMatch, reason: .packageNotInFile)
        }
        let texts = AssetLinksURLTexts(url: parsed)
        var closest: (located: Located, verdicts: [AASAExplanation.KeyVerdict], score: Int)? = nil
        for located in rules {
            let verdicts = located.rule.verdicts(texts)
            if verdicts.allSatisfy(\.matched) {
                return AssetLinksExplanation(
                    decision: located.rule.rule.excludes ? .exclude : .match, reason: .rule,
                    statementIndex: located.statement, ruleIndex: located.index, rule: located.rule.rule,
                    verdicts: verdicts)
            }
            let score = verdicts.filter(\.matched).count
            if closest.map({ score > $0.score }) ?? true { closest = (located, verdicts, score) }
        }
        return AssetLinksExplanation(
            decision: .noMatch, reason: .noRuleMatched, statementIndex: closest?.located.statement,
            ruleIndex: closest?.located.index, rule: closest?.located.rule.rule, verdicts: closest?.verdicts ?? [])
    }

    /// Every package the file grants `handle_all_urls` and its decision for `url`, in file order.
    public func decisions(url: String) -> [(package: String, decision: AASADecision)] {
        packages.map { ($0, decide(package: $0, url: url)) }
    }

    /// The AASA check of scheme and host: http(s) on the domain or, for `*.example.com`, a subdomain.
    private func isServed(_ url: AASAURL) -> Bool {
        url.isWebScheme && url.isServed(by: domain, asciiDomain: nil)
    }
}
