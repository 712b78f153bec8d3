import DeepLinkRouting

extension AssetLinks {
    /// One Android 15 dynamic App Links rule: an entry of
    /// `relation_extensions["delegate_permission/common.handle_all_urls"].dynamic_app_link_components`.
    ///
    /// Every key is optional; an absent `/`, `?` or `#` matches anything. Rules are tried in order
    /// and the first that matches decides (``CompiledAssetLinks``).
    public struct DynamicRule: Sendable, Hashable {
        /// `/`: the path glob.
        public var path: String?
        /// `?`: query item name → value glob; every named item must be present and match.
        public var query: [AASAFile.QueryItemPattern]?
        /// `#`: the fragment glob.
        public var fragment: String?
        /// `exclude`: a URL this rule matches does not open the app.
        public var exclude: Bool?
        /// `comments`: ignored by Android.
        public var comments: String?

        /// A rule from its keys; a key left `nil` is not written and matches anything.
        public init(
            path: String? = nil, query: [AASAFile.QueryItemPattern]? = nil, fragment: String? = nil,
            exclude: Bool? = nil, comments: String? = nil
        ) {
            self.path = path
            self.query = query
            self.fragment = fragment
            self.exclude = exclude
            self.comments = comments
        }

        /// Whether the rule keeps the URLs it matches on the web.
        public var excludes: Bool { exclude ?? false }

        package var jsonNode: JSONNode {
            var members: [JSONNode.Member] = []
            if let path { members.append(.init(key: "/", value: JSONNode(.string(path)))) }
            if let query {
                members.append(
                    .init(
                        key: "?",
                        value: JSONNode(
                            .object(query.map { .init(key: $0.name, value: JSONNode(.string($0.pattern))) }))
                    ))
            }
            if let fragment { members.append(.init(key: "#", value: JSONNode(.string(fragment)))) }
            if let exclude { members.append(.init(key: "exclude", value: JSONNode(.bool(exclude)))) }
            if let comments { members.append(.init(key: "comments", value: JSONNode(.string(comments)))) }
            return JSONNode(.object(members))
        }

        /// The rule as one line for people: `exclude / "/e/*" ? {"id":"?*"}`.
        public var summary: String {
            var parts: [String] = [excludes ? "exclude" : "match"]
            parts.append("/ " + (path.map { "\"\($0)\"" } ?? "any"))
            if let query {
                parts.append(
                    "? "
                        + JSONNode(.object(query.map { .init(key: $0.name, value: JSONNode(.string($0.pattern))) }))
                        .jsonText(style: .compact))
            }
            if let fragment { parts.append("# \"\(fragment)\"") }
            return parts.joined(separator: " ")
        }

        /// The keys a rule may carry.
        static let keys = ["/", "?", "#", "exclude", "comments"]
    }

    /// The key of `relation_extensions` that carries the dynamic rules.
    public static let dynamicRulesKey = "dynamic_app_link_components"

    /// Reads a statement's `relation_extensions`: the dynamic rules of `handle_all_urls`, or `nil`
    /// when there are none (absent or unreadable).
    static func readDynamicRules(
        _ node: JSONNode, at path: JSONPath, grantsHandleAllURLs: Bool, collector: inout DiagnosticCollector
    ) -> [DynamicRule]? {
        guard let extensions = AndroidJSON.members(of: node, at: path, knownKeys: nil, collector: &collector) else {
            return nil
        }
        guard let extensionNode = extensions[handleAllURLs] else { return nil }
        let extensionPath = path.appending(handleAllURLs)
        guard
            let members = AndroidJSON.members(
                of: extensionNode, at: extensionPath, knownKeys: [dynamicRulesKey], collector: &collector)
        else { return nil }
        guard let list = members[dynamicRulesKey] else { return nil }
        let listPath = extensionPath.appending(dynamicRulesKey)
        guard let elements = list.arrayValue else {
            collector.wrongType(list, listPath, expected: "an array of rule objects")
            return nil
        }
        if !grantsHandleAllURLs {
            collector.warning(
                "dynamic-rules-without-handle-all-urls", listPath,
                "the statement does not grant \"\(handleAllURLs)\", so Android ignores its dynamic rules",
                hint: "add \"\(handleAllURLs)\" to the statement's relation", at: list)
        }
        if elements.isEmpty {
            collector.warning(
                "dynamic-rules-empty", listPath,
                "the rule list is empty, which Android treats as no list: the app's intent filters alone decide, and every URL they cover opens the app",
                hint:
                    "remove the key, or add rules; to keep every URL on the web write [{\"/\": \"*\", \"exclude\": true}]",
                at: list)
        }
        var rules: [DynamicRule] = []
        for (index, element) in elements.enumerated() {
            let rulePath = listPath.appending(index)
            guard
                let keys = AndroidJSON.members(
                    of: element, at: rulePath, knownKeys: DynamicRule.keys, expected: "a rule object",
                    collector: &collector)
            else { continue }
            var rule = DynamicRule()
            rule.path = readText("/", keys, rulePath, what: "the path pattern", collector: &collector)
            rule.fragment = readText("#", keys, rulePath, what: "the fragment pattern", collector: &collector)
            rule.comments = readText(
                "comments", keys, rulePath, what: "a note Android ignores", collector: &collector)
            if let node = keys["exclude"] {
                rule.exclude = AndroidJSON.optBoolean(node)
                if node.boolValue == nil {
                    collector.error(
                        "component-key-wrong-type", rulePath.appending("exclude"),
                        "\"exclude\" must be true or false, found \(node.kindDescription); Android reads "
                            + (rule.exclude == true ? "it as true" : "it as false (the rule opens the app)"),
                        hint: "write \"exclude\": true", at: node)
                }
            }
            if let node = keys["?"] {
                let queryPath = rulePath.appending("?")
                if let items = node.objectValue {
                    _ = collector.members(of: node, at: queryPath, knownKeys: nil)
                    var patterns: [AASAFile.QueryItemPattern] = []
                    for item in items {
                        if let pattern = AndroidJSON.getString(item.value) {
                            let entry = AASAFile.QueryItemPattern(name: item.key, pattern: pattern)
                            if let earlier = patterns.firstIndex(where: { $0.name == item.key }) {
                                patterns[earlier] = entry
                            } else {
                                patterns.append(entry)
                            }
                        }
                        if item.value.stringValue == nil {
                            collector.error(
                                "query-value-not-string", queryPath.appending(item.key),
                                "the pattern for the query item \"\(item.key)\" must be a string, found \(item.value.kindDescription)",
                                hint: "write a glob such as \"?*\" (any non-empty value) or \"*\"", at: item.value)
                        }
                    }
                    rule.query = patterns
                } else {
                    collector.error(
                        "component-key-wrong-type", queryPath,
                        "\"?\" must be an object of query item name → value pattern, found \(node.kindDescription); Android ignores it",
                        hint: "write {\"name\": \"?*\"}; Android has no whole-query pattern", at: node)
                }
            }
            rules.append(rule)
        }
        return rules
    }

    /// The key's text as StatementService reads it (`JSONObject.getString`: a Boolean, array or
    /// object becomes its JSON text), with an error when it is not a string.
    private static func readText(
        _ key: String, _ members: [String: JSONNode], _ path: JSONPath, what: String,
        collector: inout DiagnosticCollector
    ) -> String? {
        guard let node = members[key] else { return nil }
        let text = AndroidJSON.getString(node)
        if node.stringValue == nil {
            collector.error(
                "component-key-wrong-type", path.appending(key),
                "\"\(key)\" must be a string (\(what)), found \(node.kindDescription)"
                    + (text.map { "; Android reads it as the text \($0)" } ?? ""),
                at: node)
        }
        return text
    }
}
