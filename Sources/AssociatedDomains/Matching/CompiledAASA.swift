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
    private let details: [CompiledDetail]
    private let detailsByApp: [String: [Int]]

    struct CompiledDetail: Sendable {
        let index: Int
        let rules: [CompiledRule]
    }

    /// Compiles `file` for `domain`.
    public init(_ file: AASAFile, domain: String) {
        self.domain = domain.lowercased()
        let appLinks = file.applinks ?? AASAFile.AppLinks()
        var variables: [String: [String]] = [:]
        for variable in appLinks.substitutionVariables { variables[variable.name] = variable.values }
        var details: [CompiledDetail] = []
        var byApp: [String: [Int]] = [:]
        var appIDs: [String] = []
        for (index, detail) in appLinks.details.enumerated() {
            details.append(
                CompiledDetail(
                    index: index, rules: appLinks.rules(of: detail).map { CompiledRule($0, variables: variables) }))
            for appID in detail.appIDs {
                if byApp[appID] == nil { appIDs.append(appID) }
                byApp[appID, default: []].append(index)
            }
        }
        self.details = details
        self.detailsByApp = byApp
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
    public func decide(appID: String, url: String) -> AASADecision {
        guard let parsed = AASAURL(url), isServed(parsed), let indices = detailsByApp[appID] else { return .noMatch }
        var texts = AASAURLTexts(url: parsed)
        for index in indices {
            for rule in details[index].rules where rule.matches(&texts) {
                return rule.rule.exclude ? .exclude : .match
            }
        }
        return .noMatch
    }

    /// The decision for `url` and the app `appID`.
    public func decide(appID: String, url: URL) -> AASADecision {
        decide(appID: appID, url: url.absoluteString)
    }

    /// The decision with its reason: which detail and rule decided, their effective flags, and
    /// for `no_match` the closest rule with each key's verdict.
    public func explain(appID: String, url: String) -> AASAExplanation {
        guard let parsed = AASAURL(url) else {
            return AASAExplanation(decision: .noMatch, reason: .invalidURL, verdicts: [])
        }
        guard parsed.scheme == "http" || parsed.scheme == "https" else {
            return AASAExplanation(decision: .noMatch, reason: .unsupportedScheme(parsed.scheme), verdicts: [])
        }
        guard isServed(parsed) else {
            return AASAExplanation(decision: .noMatch, reason: .otherHost(parsed.host), verdicts: [])
        }
        guard let indices = detailsByApp[appID] else {
            return AASAExplanation(decision: .noMatch, reason: .appNotInFile, verdicts: [])
        }
        var texts = AASAURLTexts(url: parsed)
        var closest: (detail: Int, rule: AASARule, verdicts: [AASAExplanation.KeyVerdict], score: Int)? = nil
        for index in indices {
            for rule in details[index].rules {
                let verdicts = rule.verdicts(&texts)
                if verdicts.allSatisfy(\.matched) {
                    return AASAExplanation(
                        decision: rule.rule.exclude ? .exclude : .match, reason: .rule,
                        detailIndex: details[index].index,
                        rule: rule.rule, verdicts: verdicts)
                }
                let score = verdicts.filter(\.matched).count
                if closest == nil || score > closest!.score {
                    closest = (details[index].index, rule.rule, verdicts, score)
                }
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

    private func isServed(_ url: AASAURL) -> Bool {
        guard url.scheme == "https" || url.scheme == "http" else { return false }
        if domain.hasPrefix("*.") {
            let apex = domain.dropFirst(2)
            return url.host.hasSuffix("." + apex)
        }
        return url.host == domain
    }
}

/// An association file that cannot be read at all, with its diagnostics.
public struct AASAError: Error, Sendable, CustomStringConvertible {
    /// Why the file cannot be read; at least one is an error.
    public let diagnostics: [Diagnostic]

    /// An error carrying these diagnostics.
    public init(diagnostics: [Diagnostic]) {
        self.diagnostics = diagnostics
    }

    /// Each diagnostic on its own line.
    public var description: String { diagnostics.map(\.description).joined(separator: "\n") }
}
