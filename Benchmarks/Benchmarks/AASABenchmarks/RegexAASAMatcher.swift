import Foundation

/// The comparison side of the AASA benchmark: the approach most AASA checkers take, translating
/// every pattern of a file into an `NSRegularExpression` once and walking the rules in order for
/// each URL.
///
/// It implements the part of the rules (specs/associated-domains.md §2) that the benchmark's
/// documents use — modern `components` with `/`, `?` as a dictionary, `#`, `exclude` and
/// `caseSensitive`, percent-encoded comparison, swcutil's path rules — and nothing else, so that it
/// is as fast as a regular-expression matcher can be on these documents. Its answers are checked
/// against Wayfinder's on every benchmark URL before anything is timed.
struct RegexAASAMatcher {
    enum Decision: String { case match, exclude, noMatch = "no_match" }

    private struct Rule {
        let path: NSRegularExpression?
        let query: [(name: String, value: NSRegularExpression)]
        let fragment: NSRegularExpression?
        let exclude: Bool

        func matches(path text: String, items: [URLQueryItem], fragment fragmentText: String) -> Bool {
            if let path, !path.matchesWhole(text) { return false }
            for (name, value) in query {
                // An absent item counts as present with the empty value; every occurrence must match.
                let values = items.filter { $0.name == name }.map { $0.value ?? "" }
                if values.isEmpty {
                    if !value.matchesWhole("") { return false }
                } else if !values.allSatisfy(value.matchesWhole) {
                    return false
                }
            }
            if let fragment, !fragment.matchesWhole(fragmentText) { return false }
            return true
        }
    }

    private let domain: String
    private let rulesByApp: [String: [Rule]]

    /// Parses the file and compiles every pattern; `nil` when the file is not an AASA object.
    init?(json: Data, domain: String) {
        guard let root = try? JSONSerialization.jsonObject(with: json) as? [String: Any],
            let applinks = root["applinks"] as? [String: Any],
            let details = applinks["details"] as? [[String: Any]]
        else { return nil }
        var rulesByApp: [String: [Rule]] = [:]
        for detail in details {
            var appIDs = detail["appIDs"] as? [String] ?? []
            if let appID = detail["appID"] as? String { appIDs.append(appID) }
            let components = detail["components"] as? [[String: Any]] ?? []
            let rules = components.map(RegexAASAMatcher.rule)
            for appID in appIDs { rulesByApp[appID, default: []].append(contentsOf: rules) }
        }
        self.domain = domain
        self.rulesByApp = rulesByApp
    }

    func decide(appID: String, url text: String) -> Decision {
        guard let url = URLComponents(string: text),
            let scheme = url.scheme?.lowercased(), scheme == "https" || scheme == "http",
            url.host?.lowercased() == domain,
            let rules = rulesByApp[appID]
        else { return .noMatch }
        let path = RegexAASAMatcher.normalize(url.percentEncodedPath)
        let items = url.percentEncodedQueryItems ?? []
        let fragment = url.percentEncodedFragment ?? ""
        for rule in rules where rule.matches(path: path, items: items, fragment: fragment) {
            return rule.exclude ? .exclude : .match
        }
        return .noMatch
    }

    private static func rule(_ component: [String: Any]) -> Rule {
        let caseSensitive = component["caseSensitive"] as? Bool ?? true
        var path: NSRegularExpression? = nil
        if let pattern = component["/"] as? String {
            let normalized = normalize(pattern)
            // swcutil: "/buy/*" also matches "/buy".
            path =
                normalized.hasSuffix("/*") && normalized != "/*"
                ? regex(normalize(String(normalized.dropLast(2))), suffix: "(?:/.*)?", caseSensitive: caseSensitive)
                : regex(normalized, caseSensitive: caseSensitive)
        }
        var query: [(String, NSRegularExpression)] = []
        if let items = component["?"] as? [String: String] {
            query = items.sorted { $0.key < $1.key }.map { ($0.key, regex($0.value, caseSensitive: caseSensitive)) }
        }
        let fragment = (component["#"] as? String).map { regex($0, caseSensitive: caseSensitive) }
        return Rule(path: path, query: query, fragment: fragment, exclude: component["exclude"] as? Bool ?? false)
    }

    /// `*` is any run, `?` one character, everything else literal; the whole text must match.
    private static func regex(_ glob: String, suffix: String = "", caseSensitive: Bool) -> NSRegularExpression {
        var source = "^"
        for character in glob {
            switch character {
            case "*": source += ".*"
            case "?": source += "."
            default: source += NSRegularExpression.escapedPattern(for: String(character))
            }
        }
        source += suffix + "$"
        let options: NSRegularExpression.Options = caseSensitive ? [.dotMatchesLineSeparators] : [.dotMatchesLineSeparators, .caseInsensitive]
        return try! NSRegularExpression(pattern: source, options: options)
    }

    /// swcutil's path rules: one leading slash, no trailing slashes.
    private static func normalize(_ path: String) -> String {
        var trimmed = Substring(path)
        while trimmed.first == "/" { trimmed.removeFirst() }
        while trimmed.last == "/" { trimmed.removeLast() }
        return "/" + trimmed
    }
}

extension NSRegularExpression {
    fileprivate func matchesWhole(_ text: String) -> Bool {
        firstMatch(in: text, range: NSRange(text.startIndex..., in: text)) != nil
    }
}
