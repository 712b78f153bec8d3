import DeepLinkRouting
import Foundation

/// A link's `rules` and `variants` as JSON: read from a request (every problem names its JSON
/// path, such as `rules[1].when[0].country`) and written back in the same shape, which is also how
/// the store keeps them.
package enum RuleJSON {
    package static let ruleKeys = ["name", "when", "destination", "fallbacks"]
    package static let variantKeys = ["destination", "fallbacks", "weight"]
    /// Most values in one condition's list.
    package static let maximumListLength = 100
    /// Longest rule name.
    package static let maximumNameLength = 100

    // MARK: Reading

    /// The rules at `path` (`null` is none).
    package static func rules(_ node: JSONNode, at path: String = "rules") throws(FieldError) -> [RedirectRule] {
        guard node.value != .null else { return [] }
        let elements = try array(node, at: path, what: "rules")
        guard elements.count <= RedirectRule.maximumRules else {
            throw FieldError(
                path, "a link has at most \(RedirectRule.maximumRules) rules, not \(elements.count)",
                code: .invalidRule)
        }
        var rules: [RedirectRule] = []
        for (index, element) in elements.enumerated() {
            rules.append(try rule(element, at: "\(path)[\(index)]"))
        }
        return rules
    }

    package static func rule(_ node: JSONNode, at path: String) throws(FieldError) -> RedirectRule {
        let members = try LinkRequest.members(of: node, at: path, known: ruleKeys)
        let name = try LinkRequest.optionalString(members["name"], at: path + ".name")
        if let name, name.isEmpty || name.count > maximumNameLength {
            throw FieldError(
                path + ".name", "a rule's name is 1 to \(maximumNameLength) characters", code: .invalidRule)
        }
        guard let whenNode = members["when"], whenNode.value != .null else {
            throw FieldError(
                path + ".when",
                "a rule needs \"when\": a list of 1 to \(RedirectRule.maximumConditions) conditions such as {\"language\": \"de\"}",
                code: .invalidRule)
        }
        let whenElements = try array(whenNode, at: path + ".when", what: "conditions")
        guard (1...RedirectRule.maximumConditions).contains(whenElements.count) else {
            throw FieldError(
                path + ".when",
                "a rule has 1 to \(RedirectRule.maximumConditions) conditions, not \(whenElements.count)",
                code: .invalidRule)
        }
        var conditions: [RuleCondition] = []
        for (index, element) in whenElements.enumerated() {
            conditions.append(try condition(element, at: "\(path).when[\(index)]"))
        }
        let target = try self.target(members, at: path)
        return RedirectRule(
            name: name, conditions: conditions, destination: target.destination, fallbacks: target.fallbacks)
    }

    /// A rule's or variant's `destination` and `fallbacks`: at least one of them.
    package static func target(_ members: [String: JSONNode], at path: String) throws(FieldError) -> (
        destination: String?, fallbacks: Fallbacks?
    ) {
        let destination = try LinkRequest.optionalString(members["destination"], at: path + ".destination")
        var fallbacks = try members["fallbacks"].map { node throws(FieldError) in
            try LinkRequest.fallbacks(node, at: path + ".fallbacks")
        }
        if fallbacks == Fallbacks() { fallbacks = nil }
        guard destination != nil || fallbacks != nil else {
            throw FieldError(
                path, "\(path) needs a \"destination\", \"fallbacks\", or both: where the visit goes instead",
                code: .invalidRule)
        }
        return (destination, fallbacks)
    }

    package static func condition(_ node: JSONNode, at path: String) throws(FieldError) -> RuleCondition {
        guard let members = node.objectValue else {
            throw FieldError(
                path, "a condition is an object such as {\"device\": \"android\"}, not \(node.kindDescription)",
                code: .wrongType)
        }
        let kinds = members.filter { RuleCondition.kinds.contains($0.key) }
        guard kinds.count == 1, let kind = kinds.first else {
            if kinds.count > 1 {
                throw FieldError(
                    path,
                    "a condition has one type, not \(kinds.map(\.key).joined(separator: " and ")); write each as its own condition of \"when\"",
                    code: .unknownCondition)
            }
            let key = members.first?.key ?? ""
            let suggestion =
                DiagnosticCollector.nearest(key, in: RuleCondition.kinds).map { "; did you mean \"\($0)\"?" } ?? ""
            throw FieldError(
                members.isEmpty ? path : "\(path).\(key)",
                "\(members.isEmpty ? "an empty condition" : "unknown condition type \"\(key)\"")\(suggestion) Condition types: \(RuleCondition.kinds.joined(separator: ", "))",
                code: .unknownCondition)
        }
        let field = "\(path).\(kind.key)"
        let allowed = kind.key == "query" ? ["query", "equals", "valueless"] : [kind.key]
        for member in members where !allowed.contains(member.key) {
            throw FieldError(
                "\(path).\(member.key)",
                "\"\(member.key)\" does not go with a \"\(kind.key)\" condition\(kind.key == "query" ? "" : "; write each condition as its own object of \"when\"")",
                code: .unknownField)
        }
        let value = kind.value
        switch kind.key {
        case "device":
            return .device(try names(value, at: field, among: RuleCondition.devices, what: "device"))
        case "browser":
            return .browser(try names(value, at: field, among: RuleCondition.browsers, what: "browser"))
        case "language":
            return .language(
                try list(value, at: field) { text, path throws(FieldError) in
                    guard isLanguageTag(text) else {
                        throw FieldError(
                            path, "\"\(text)\" is not a language tag; write one like \"de\" or \"es-ES\"",
                            code: .invalidCondition)
                    }
                    return text.lowercased()
                })
        case "country":
            return .country(
                try list(value, at: field) { text, path throws(FieldError) in
                    guard let code = CountryCode.normalized(text), text.utf8.count == 2 else {
                        throw FieldError(
                            path,
                            "\"\(text)\" is not an ISO 3166-1 alpha-2 country code; write one like \"DE\" or \"US\"",
                            code: .invalidCondition)
                    }
                    return code
                })
        case "ip":
            return .ip(
                try list(value, at: field) { text, path throws(FieldError) in
                    guard let range = IPRange(text) else {
                        throw FieldError(
                            path,
                            "\"\(text)\" is not an IP address or CIDR network; write one like \"203.0.113.7\", \"203.0.113.0/24\" or \"2001:db8::/32\"",
                            code: .invalidCondition)
                    }
                    return range
                })
        case "before", "after":
            let text = try LinkRequest.string(value, at: field)
            guard let date = ISO8601.date(from: text) else {
                throw FieldError(
                    field, "\"\(text)\" is not an RFC 3339 time; write it like 2026-12-24T00:00:00Z",
                    code: .invalidCondition)
            }
            return kind.key == "before" ? .before(date.truncatedToMilliseconds) : .after(date.truncatedToMilliseconds)
        default:
            return try query(members, name: value, at: path)
        }
    }

    private static func query(_ members: [JSONNode.Member], name node: JSONNode, at path: String) throws(FieldError)
        -> RuleCondition
    {
        let name = try LinkRequest.string(node, at: path + ".query")
        guard !name.isEmpty, name.utf8.count <= 256 else {
            throw FieldError(
                path + ".query", "a query condition names a parameter of 1 to 256 bytes", code: .invalidCondition)
        }
        let equals = members.first { $0.key == "equals" }?.value
        let valueless = members.first { $0.key == "valueless" }?.value
        switch (equals, valueless) {
        case (nil, nil):
            return .query(name: name, match: .present)
        case (let equals?, nil):
            return .query(name: name, match: .equals(try LinkRequest.string(equals, at: path + ".equals")))
        case (nil, let valueless?):
            guard valueless.boolValue == true else {
                throw FieldError(
                    path + ".valueless",
                    "\"valueless\" is true when it is there; leave it out to accept any value",
                    code: .invalidCondition)
            }
            return .query(name: name, match: .valueless)
        case (_?, _?):
            throw FieldError(
                path + ".valueless", "a query condition has \"equals\" or \"valueless\", not both",
                code: .invalidCondition)
        }
    }

    /// A string or a non-empty list of strings, each one of `names` (case-insensitive).
    private static func names(_ node: JSONNode, at path: String, among names: [String], what: String)
        throws(FieldError) -> [String]
    {
        try list(node, at: path) { text, path throws(FieldError) in
            let lower = text.lowercased()
            guard names.contains(lower) else {
                throw FieldError(
                    path, "unknown \(what) \"\(text)\"; use one of: \(names.joined(separator: ", "))",
                    code: .invalidCondition)
            }
            return lower
        }
    }

    /// A string or a non-empty list of strings, each read by `read` with its own path.
    private static func list<Value>(
        _ node: JSONNode, at path: String, _ read: (String, String) throws(FieldError) -> Value
    ) throws(FieldError) -> [Value] {
        if node.stringValue != nil {
            return [try read(try LinkRequest.string(node, at: path), path)]
        }
        guard let elements = node.arrayValue, !elements.isEmpty, elements.count <= maximumListLength else {
            throw FieldError(
                path,
                "\(path) is a string or a list of 1 to \(maximumListLength) strings, not \(node.arrayValue.map { "a list of \($0.count)" } ?? node.kindDescription)",
                code: .wrongType)
        }
        var values: [Value] = []
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path)[\(index)]"
            values.append(try read(try LinkRequest.string(element, at: elementPath), elementPath))
        }
        return values
    }

    package static func array(_ node: JSONNode, at path: String, what: String) throws(FieldError) -> [JSONNode] {
        guard let elements = node.arrayValue else {
            throw FieldError(
                path, "\(path) is a list of \(what), not \(node.kindDescription)", code: .wrongType)
        }
        return elements
    }

    /// `de`, `es-ES`, `zh-Hant-TW`: letters, then subtags of letters and digits, 1 to 8 each.
    private static func isLanguageTag(_ text: String) -> Bool {
        let subtags = text.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = subtags.first, (1...8).contains(first.utf8.count),
            first.utf8.allSatisfy({ ($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z") })
        else { return false }
        return subtags.dropFirst().allSatisfy { subtag in
            (1...8).contains(subtag.utf8.count)
                && subtag.utf8.allSatisfy {
                    (($0 | 0x20) >= UInt8(ascii: "a") && ($0 | 0x20) <= UInt8(ascii: "z"))
                        || ($0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9"))
                }
        }
    }

    // MARK: Writing

    package static func node(_ rules: [RedirectRule]) -> JSONNode {
        JSONNode(.array(rules.map(node)))
    }

    package static func node(_ rule: RedirectRule) -> JSONNode {
        var members: [JSONNode.Member] = []
        if let name = rule.name { members.append(.init(key: "name", value: JSONNode(.string(name)))) }
        members.append(.init(key: "when", value: JSONNode(.array(rule.conditions.map(node)))))
        members += targetMembers(destination: rule.destination, fallbacks: rule.fallbacks)
        return JSONNode(.object(members))
    }

    package static func targetMembers(destination: String?, fallbacks: Fallbacks?) -> [JSONNode.Member] {
        var members: [JSONNode.Member] = []
        if let destination { members.append(.init(key: "destination", value: JSONNode(.string(destination)))) }
        if let fallbacks { members.append(.init(key: "fallbacks", value: LinkJSON.node(fallbacks))) }
        return members
    }

    package static func node(_ condition: RuleCondition) -> JSONNode {
        func one(_ key: String, _ values: [String]) -> JSONNode {
            let value =
                values.count == 1
                ? JSONNode(.string(values[0])) : JSONNode(.array(values.map { JSONNode(.string($0)) }))
            return JSONNode(.object([.init(key: key, value: value)]))
        }
        switch condition {
        case .device(let values): return one("device", values)
        case .browser(let values): return one("browser", values)
        case .language(let values): return one("language", values)
        case .country(let values): return one("country", values)
        case .ip(let ranges): return one("ip", ranges.map(\.text))
        case .before(let date): return one("before", [ISO8601.string(from: date)])
        case .after(let date): return one("after", [ISO8601.string(from: date)])
        case .query(let name, let match):
            var members: [JSONNode.Member] = [.init(key: "query", value: JSONNode(.string(name)))]
            switch match {
            case .present: break
            case .equals(let value): members.append(.init(key: "equals", value: JSONNode(.string(value))))
            case .valueless: members.append(.init(key: "valueless", value: JSONNode(.bool(true))))
            }
            return JSONNode(.object(members))
        }
    }

    // MARK: Stored form

    /// Compact JSON of the rules, `nil` when there are none.
    package static func storedText(_ rules: [RedirectRule]) -> String? {
        rules.isEmpty ? nil : node(rules).jsonText(style: .compact)
    }

    /// The rules of stored text (none for `nil`, or for text this version cannot read).
    package static func rules(storedText: String?) -> [RedirectRule] {
        read(storedText) { node throws(FieldError) in try rules(node) }
    }

    /// What `reader` reads from stored JSON text: none for `nil`, or for text this version cannot
    /// read (as ``FirebaseParameters`` reads its column).
    package static func read<Value>(_ storedText: String?, _ reader: (JSONNode) throws(FieldError) -> [Value])
        -> [Value]
    {
        guard let storedText, let node = try? JSONParser(maximumDepth: 16).parse(Array(storedText.utf8)) else {
            return []
        }
        return (try? reader(node)) ?? []
    }
}
