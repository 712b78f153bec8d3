import DeepLinkRouting
import Foundation

/// An association file compiled for one domain: parse once, decide many.
///
/// Decides URLs the way iOS does: only http and https URLs on the domain the file was
/// served for; the app's details in file order and each one's rules in order; the first rule
/// that matches decides, `match` or `exclude`; nothing matches, `no_match`. Patterns are compiled
/// to token arrays when the value is made, and a URL is split once per decision, so a decision
/// allocates little and never re-reads the file. A `Sendable` value: share it between tasks.
public struct CompiledAASA: Sendable {
    /// The domain the file was served for (lowercase); `*.example.com` covers its subdomains only.
    public let domain: String
    /// The app IDs the `applinks` details name, in file order, without duplicates.
    public let appIDs: [String]
    /// Each app's rules, in walk order, indexed by their literal first path segment.
    private let rulesByApp: [String: RuleIndex]
    /// `domain` as scalars when it is printable ASCII (hosts are then compared in place).
    private let asciiDomain: [Unicode.Scalar]?

    /// Compiles `file` for `domain`.
    public init(_ file: AASAFile, domain: String) {
        self.domain = domain.lowercased()
        let scalars = Array(self.domain.unicodeScalars)
        asciiDomain = scalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7F } ? scalars : nil
        let appLinks = file.applinks ?? AASAFile.AppLinks()
        var variables: [String: [String]] = [:]
        for variable in appLinks.substitutionVariables { variables[variable.name] = variable.values }
        var entriesByApp: [String: [RuleIndex.Entry]] = [:]
        var appIDs: [String] = []
        for (index, detail) in appLinks.details.enumerated() {
            let entries = appLinks.rules(of: detail).map {
                RuleIndex.Entry(detail: index, rule: CompiledRule($0, variables: variables))
            }
            for appID in detail.appIDs {
                if entriesByApp[appID] == nil {
                    appIDs.append(appID)
                    // The app's first detail: its rules are shared, not copied rule by rule.
                    entriesByApp[appID] = entries
                } else {
                    entriesByApp[appID, default: []].append(contentsOf: entries)
                }
            }
        }
        self.rulesByApp = entriesByApp.mapValues(RuleIndex.init(entries:))
        self.appIDs = appIDs
    }

    /// Reads and compiles a file; throws its diagnostics when it is not JSON or not an object
    /// (other problems are tolerated the way iOS tolerates them).
    public init(json bytes: some Collection<UInt8>, domain: String) throws(AASAError) {
        let decoded = AASAFile.decode(bytes)
        guard let file = decoded.file else { throw AASAError(diagnostics: decoded.diagnostics) }
        self.init(file, domain: domain)
    }

    /// The decision for `url` (text as received) and the app `appID`.
    ///
    /// Tries only the rules whose literal first path segment (if any) is the URL's, in walk order,
    /// so the first rule that matches is the one the plain walk over every rule would find.
    public func decide(appID: String, url: String) -> AASADecision {
        guard let parsed = AASAURL(url), parsed.isWebScheme, parsed.isServed(by: domain, asciiDomain: asciiDomain),
            let rules = rulesByApp[appID]
        else { return .noMatch }
        var texts = AASAURLTexts(url: parsed)
        guard let rule = rules.firstMatch(&texts) else { return .noMatch }
        return rule.rule.exclude ? .exclude : .match
    }

    /// The decision by the plain walk over every rule of the app in order, without the index:
    /// the reference ``decide(appID:url:)-(_,String)`` must agree with.
    func decideWalkingEveryRule(appID: String, url: String) -> AASADecision {
        guard let parsed = AASAURL(url), parsed.isWebScheme, parsed.isServed(by: domain, asciiDomain: asciiDomain),
            let rules = rulesByApp[appID]
        else { return .noMatch }
        var texts = AASAURLTexts(url: parsed)
        guard let rule = rules.firstMatchWalkingEveryRule(&texts) else { return .noMatch }
        return rule.rule.exclude ? .exclude : .match
    }

    /// The decision for `url` and the app `appID`.
    public func decide(appID: String, url: URL) -> AASADecision {
        decide(appID: appID, url: url.absoluteString)
    }

    /// The decision with its reason: which detail and rule decided, their effective flags, and
    /// for `no_match` the closest rule with each key's verdict.
    ///
    /// Walks every rule of the app in order (it needs the closest rule when none matches), so it
    /// decides as the plain walk does.
    public func explain(appID: String, url: String) -> AASAExplanation {
        guard let parsed = AASAURL(url) else {
            return AASAExplanation(decision: .noMatch, reason: .invalidURL, verdicts: [])
        }
        guard parsed.isWebScheme else {
            return AASAExplanation(decision: .noMatch, reason: .unsupportedScheme(parsed.scheme), verdicts: [])
        }
        guard parsed.isServed(by: domain, asciiDomain: asciiDomain) else {
            return AASAExplanation(decision: .noMatch, reason: .otherHost(parsed.host), verdicts: [])
        }
        guard let rules = rulesByApp[appID] else {
            return AASAExplanation(decision: .noMatch, reason: .appNotInFile, verdicts: [])
        }
        var texts = AASAURLTexts(url: parsed)
        var closest: (detail: Int, rule: AASARule, verdicts: [AASAExplanation.KeyVerdict], score: Int)? = nil
        for entry in rules.entries {
            let verdicts = entry.rule.verdicts(&texts)
            if verdicts.allSatisfy(\.matched) {
                return AASAExplanation(
                    decision: entry.rule.rule.exclude ? .exclude : .match, reason: .rule,
                    detailIndex: entry.detail, rule: entry.rule.rule, verdicts: verdicts)
            }
            let score = verdicts.filter(\.matched).count
            if score > closest?.score ?? -1 {
                closest = (entry.detail, entry.rule.rule, verdicts, score)
            }
        }
        return AASAExplanation(
            decision: .noMatch, reason: .noRuleMatched, detailIndex: closest?.detail, rule: closest?.rule,
            verdicts: closest?.verdicts ?? [])
    }

    /// The other direction: every app the file names and its decision for `url`, in file order.
    public func decisions(url: String) -> [(appID: String, decision: AASADecision)] {
        appIDs.map { ($0, decide(appID: $0, url: url)) }
    }

    /// The apps that open `url` (decision `match`).
    public func apps(opening url: String) -> [String] {
        decisions(url: url).filter { $0.decision == .match }.map(\.appID)
    }

}
