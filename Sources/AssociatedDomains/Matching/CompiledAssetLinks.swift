import DeepLinkRouting
import Foundation

/// An assetlinks.json compiled for one domain: decides URLs for an Android package the way an
/// Android 15 device applies dynamic App Links rules. Parse once, decide many.
///
/// The authority is the device's own code (see Documentation/AssociatedDomains.md, "Deciding a
/// URL (what Android does)"): only http and https URLs on the domain the file was served for; the
/// rules of the package's first statement that grants `handle_all_urls` become filter groups
/// (`CompiledDynamicRule`), tried in order — the first group that matches decides, `match` or
/// `exclude`; none matches, `no_match` — as `UriRelativeFilterGroup.matchGroupsToUri` does
/// (488315/android_samsung_frameworks_base `core/java/android/content/UriRelativeFilterGroup.java`
/// @34682dbc21021c42e72a260697849ece3a07e0af). A package whose statement has no rules, or an
/// empty list, gets `match` for every URL: `DomainVerificationService.matchUriRelativeFilterGroups`
/// returns true for an empty group list, and the intent filters, which are not in the file, alone
/// decide. A file Android's statement service cannot read (``AssetLinks/Decoded/androidRejection``)
/// verifies nothing: `no_match` for every URL and package.
///
/// Which statement supplies the rules when several name the package is not in public sources
/// (the worker receives one `statement` from `verifyHost`); assumed: the first in file order.
public struct CompiledAssetLinks: Sendable {
    /// The domain the file was served for (lowercase); `*.example.com` covers its subdomains only.
    public let domain: String
    /// The packages granted `handle_all_urls`, in file order, without duplicates.
    public let packages: [String]
    private let rulesByPackage: [String: [Located]]
    /// Packages granted `handle_all_urls` whose first such statement carries no (or no) rules.
    private let packagesWithoutRules: Set<String>
    /// Why Android cannot read the file, when it cannot.
    private let rejection: String?

    struct Located: Sendable {
        let statement: Int
        let index: Int
        let rule: CompiledDynamicRule
    }

    /// Compiles `assetLinks` for `domain`.
    public init(_ assetLinks: AssetLinks, domain: String) {
        self.init(assetLinks, domain: domain, rejection: nil)
    }

    private init(_ assetLinks: AssetLinks, domain: String, rejection: String?) {
        self.domain = domain.lowercased()
        self.rejection = rejection
        var packages: [String] = []
        var rules: [String: [Located]] = [:]
        var withoutRules: Set<String> = []
        for (statementIndex, statement) in assetLinks.statements.enumerated()
        where statement.relation.contains(AssetLinks.handleAllURLs) {
            guard case .androidApp(let package, _) = statement.target, !packages.contains(package) else { continue }
            packages.append(package)
            guard let dynamicRules = statement.dynamicRules, !dynamicRules.isEmpty else {
                withoutRules.insert(package)
                continue
            }
            rules[package] = dynamicRules.enumerated().map {
                Located(statement: statementIndex, index: $0.offset, rule: CompiledDynamicRule($0.element))
            }
        }
        self.packages = packages
        self.rulesByPackage = rules
        self.packagesWithoutRules = withoutRules
    }

    /// Reads and compiles a file; throws its diagnostics when it is not JSON or not an array of
    /// statements (other problems are tolerated: broken statements are skipped, and a file Android
    /// cannot read decides `no_match` everywhere).
    public init(json bytes: some Collection<UInt8>, domain: String) throws(AASAError) {
        let decoded = AssetLinks.decode(bytes)
        guard let assetLinks = decoded.assetLinks else { throw AASAError(diagnostics: decoded.diagnostics) }
        self.init(assetLinks, domain: domain, rejection: decoded.androidRejection)
    }

    /// The decision for `url` (text as received) and the package `package`.
    public func decide(package: String, url: String) -> AASADecision {
        guard rejection == nil, let texts = AssetLinksURLTexts(url), isServed(texts) else { return .noMatch }
        if packagesWithoutRules.contains(package) { return .match }
        guard let rules = rulesByPackage[package] else { return .noMatch }
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
        if let rejection { return AssetLinksExplanation(decision: .noMatch, reason: .unreadableOnAndroid(rejection)) }
        guard let texts = AssetLinksURLTexts(url), texts.host != nil else {
            return AssetLinksExplanation(decision: .noMatch, reason: .invalidURL)
        }
        guard texts.isWebScheme else {
            let scheme = String(decoding: texts.scheme, as: UTF16.self).lowercased()
            return AssetLinksExplanation(decision: .noMatch, reason: .unsupportedScheme(scheme))
        }
        guard texts.isServed(by: domain) else {
            let host = String(decoding: texts.host ?? [], as: UTF16.self).lowercased()
            return AssetLinksExplanation(decision: .noMatch, reason: .otherHost(host))
        }
        if packagesWithoutRules.contains(package) {
            return AssetLinksExplanation(decision: .match, reason: .noDynamicRules)
        }
        guard let rules = rulesByPackage[package] else {
            return AssetLinksExplanation(decision: .noMatch, reason: .packageNotInFile)
        }
        var closest: (located: Located, verdicts: [AASAExplanation.KeyVerdict], score: Int)? = nil
        for located in rules {
            let verdicts = located.rule.verdicts(texts)
            if located.rule.matches(texts) {
                return AssetLinksExplanation(
                    decision: located.rule.rule.excludes ? .exclude : .match, reason: .rule,
                    statementIndex: located.statement, ruleIndex: located.index, rule: located.rule.rule,
                    verdicts: verdicts)
            }
            let score = verdicts.isEmpty ? -1 : verdicts.filter(\.matched).count
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

    /// The scheme and host check: http(s) on the domain or, for `*.example.com`, a subdomain.
    private func isServed(_ texts: AssetLinksURLTexts) -> Bool {
        texts.isWebScheme && texts.isServed(by: domain)
    }
}
