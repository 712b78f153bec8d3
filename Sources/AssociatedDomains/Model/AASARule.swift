import DeepLinkRouting

/// One rule of a detail as iOS applies it: a component with `applinks.defaults` and the detail's
/// `defaults` filled in (or a legacy path), every flag resolved.
///
/// Two files that spell a rule differently — a flag hoisted into `defaults`, say — give equal
/// `AASARule`s, which is what ``AASADiff`` compares.
public struct AASARule: Sendable, Hashable {
    /// Where the rule came from.
    public enum Source: String, Sendable, Hashable {
        /// An entry of `components`.
        case component
        /// An entry of legacy `paths`.
        case legacyPath
    }

    /// Whether the rule is a component or a legacy path.
    public var source: Source
    /// The rule's position in its detail's `components` (or `paths`).
    public var index: Int
    /// `nil`: any path.
    public var path: String?
    /// `nil`: any query.
    public var query: AASAFile.QueryPattern?
    /// `nil`: any fragment.
    public var fragment: String?
    /// Whether a match keeps the URL on the web (`exclude`) rather than opening the app.
    public var exclude: Bool
    /// Whether the patterns compare case-sensitively, after `defaults` were applied.
    public var caseSensitive: Bool
    /// Whether the patterns compare against percent-encoded text, after `defaults` were applied.
    public var percentEncoded: Bool
    /// The component's `comment`, for people.
    public var comment: String?

    /// A rule from its resolved parts; the defaults are those iOS applies (case-sensitive,
    /// percent-encoded, not excluded).
    public init(
        source: Source = .component, index: Int, path: String? = nil, query: AASAFile.QueryPattern? = nil,
        fragment: String? = nil, exclude: Bool = false, caseSensitive: Bool = true, percentEncoded: Bool = true,
        comment: String? = nil
    ) {
        self.source = source
        self.index = index
        self.path = path
        self.query = query
        self.fragment = fragment
        self.exclude = exclude
        self.caseSensitive = caseSensitive
        self.percentEncoded = percentEncoded
        self.comment = comment
    }

    /// The rule as one line for people: `exclude / "/e/*" ? {"id":"?*"} caseSensitive false`.
    public var summary: String {
        var parts: [String] = [exclude ? "exclude" : "match"]
        parts.append("/ " + (path.map { "\"\($0)\"" } ?? "any"))
        if let query { parts.append("? " + query.jsonNode.jsonText(style: .compact)) }
        if let fragment { parts.append("# \"\(fragment)\"") }
        if !caseSensitive { parts.append("caseSensitive false") }
        if !percentEncoded { parts.append("percentEncoded false") }
        if source == .legacyPath { parts.append("(legacy path)") }
        return parts.joined(separator: " ")
    }

    /// The same rule without its position and comment, for comparing meaning.
    var meaning: AASARule {
        var copy = self
        copy.index = 0
        copy.comment = nil
        return copy
    }
}

extension AASAFile.AppLinks {
    /// The rules of `detail` as iOS applies them: its components with the defaults resolved
    /// (component, then the detail's `defaults`, then `applinks.defaults`, then built-in), or its
    /// legacy paths when it has no components (`NOT ` paths exclude).
    public func rules(of detail: AASAFile.Detail) -> [AASARule] {
        if let components = detail.components {
            // Each key: the component's, else the detail's defaults', else the file's.
            let first = detail.defaults
            let second = defaults
            var rules: [AASARule] = []
            rules.reserveCapacity(components.count)
            for (index, component) in components.enumerated() {
                rules.append(
                    AASARule(
                        source: .component, index: index,
                        path: component.path ?? first?.path ?? second?.path,
                        query: component.query ?? first?.query ?? second?.query,
                        fragment: component.fragment ?? first?.fragment ?? second?.fragment,
                        exclude: component.exclude ?? first?.exclude ?? second?.exclude ?? false,
                        caseSensitive: component.caseSensitive ?? first?.caseSensitive ?? second?.caseSensitive ?? true,
                        percentEncoded: component.percentEncoded ?? first?.percentEncoded ?? second?.percentEncoded
                            ?? true,
                        comment: component.comment))
            }
            return rules
        }
        return (detail.paths ?? []).enumerated().map { index, path in
            let excluded = path.hasPrefix("NOT ")
            return AASARule(
                source: .legacyPath, index: index, path: excluded ? String(path.dropFirst(4)) : path, exclude: excluded)
        }
    }
}
