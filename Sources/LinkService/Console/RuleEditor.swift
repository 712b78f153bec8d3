import DeepLinkRouting
import Foundation
import LinkCore

/// The link form's rule and variant editor, without JavaScript: every rule, condition and variant
/// is a set of plain fields the server renders (the stored ones, then a blank one to fill in), and
/// what they hold becomes the API's `rules` and `variants`. The API's problems (`rules[1].when[0]`)
/// come back to the field they name, through the same numbering.
///
/// A rule is moved by its "Position" and dropped by "Remove"; blank rules, conditions and variants
/// are left out. A condition's value is a comma-separated list (`DE, AT`), a time for `before` and
/// `after`, and for `query` `name` (present), `name=value` (equals) or `name=` (without a value).
package struct RuleEditor: Sendable {
    package struct Condition: Sendable {
        package var type: String
        package var value: String
        package var error: String? = nil
        package var isBlank: Bool { value.trimmingCharacters(in: .whitespaces).isEmpty }
    }

    package struct Rule: Sendable {
        package var name = ""
        package var position = ""
        package var remove = false
        package var destination = ""
        package var fallbacks = [String](repeating: "", count: 3)
        package var conditions: [Condition] = []
        package var error: String? = nil
        package var fieldErrors: [String: String] = [:]
        package var isBlank: Bool {
            name.isEmpty && destination.isEmpty && fallbacks.allSatisfy(\.isEmpty) && conditions.allSatisfy(\.isBlank)
        }
        /// Whether the API refused something in this rule.
        package var hasProblem: Bool {
            error != nil || !fieldErrors.isEmpty || conditions.contains { $0.error != nil }
        }
    }

    package struct Variant: Sendable {
        package var destination = ""
        package var weight = ""
        package var fallbacks = [String](repeating: "", count: 3)
        package var error: String? = nil
        package var fieldErrors: [String: String] = [:]
        package var isBlank: Bool { destination.isEmpty && weight.isEmpty && fallbacks.allSatisfy(\.isEmpty) }
    }

    /// The fallbacks' keys, in the order of ``Rule/fallbacks``.
    package static let fallbackKeys = LinkRequest.fallbackKeys

    package var rules: [Rule] = []
    package var variants: [Variant] = []
    /// A problem with the whole list (`rules`, `variants`: too many, weights not summing to 100).
    package var rulesError: String? = nil
    package var variantsError: String? = nil
    /// Whether the form had the editor: a form without it (an older page) leaves rules and
    /// variants as they are.
    package var isPresent = false
    /// Whether the form came back because "Add rule" or "Add condition" was pressed.
    package var isEditingRules = false

    package init() {}

    /// The editor filled with a stored link's rules and variants.
    package init(content: LinkContent) {
        isPresent = true
        rules = content.rules.enumerated().map { index, rule in
            Rule(
                name: rule.name ?? "", position: String(index + 1), destination: rule.destination ?? "",
                fallbacks: Self.texts(rule.fallbacks),
                conditions: rule.conditions.map { Condition(type: $0.kind, value: $0.formText) })
        }
        variants = content.variants.map { variant in
            Variant(
                destination: variant.destination ?? "", weight: String(variant.weight),
                fallbacks: Self.texts(variant.fallbacks))
        }
    }

    /// What a submitted form holds (`rule0-name`, `rule0-when1-value`, `variant2-weight`, …).
    package init(form: ConsoleForm) {
        isPresent = form["rules-count"] != nil
        let ruleCount = min(Int(form.text("rules-count")) ?? 0, RedirectRule.maximumRules + 1)
        for index in 0..<ruleCount {
            let stem = "rule\(index)-"
            var rule = Rule(
                name: form.text(stem + "name").trimmingCharacters(in: .whitespaces),
                position: form.text(stem + "position"), remove: form[stem + "remove"] != nil,
                destination: form.text(stem + "destination").trimmingCharacters(in: .whitespaces),
                fallbacks: Self.fallbackKeys.map { form.text(stem + $0).trimmingCharacters(in: .whitespaces) })
            let conditionCount = min(Int(form.text(stem + "conditions")) ?? 0, RedirectRule.maximumConditions + 1)
            for condition in 0..<conditionCount {
                let name = stem + "when\(condition)-"
                rule.conditions.append(Condition(type: form.text(name + "type"), value: form.text(name + "value")))
            }
            rules.append(rule)
        }
        let variantCount = min(Int(form.text("variants-count")) ?? 0, 5)
        for index in 0..<variantCount {
            let stem = "variant\(index)-"
            variants.append(
                Variant(
                    destination: form.text(stem + "destination").trimmingCharacters(in: .whitespaces),
                    weight: form.text(stem + "weight").trimmingCharacters(in: .whitespaces),
                    fallbacks: Self.fallbackKeys.map { form.text(stem + $0).trimmingCharacters(in: .whitespaces) }))
        }
        isEditingRules = form["add-rule"] != nil || form["add-condition"] != nil
        // "Add condition" on a rule: one more blank condition there.
        if let target = Int(form.text("add-condition")), rules.indices.contains(target) {
            rules[target].conditions.append(Condition(type: "device", value: ""))
        }
    }

    /// Blank slots to fill in: one more rule, one more condition per rule, variants up to four.
    package mutating func addBlanks() {
        for index in rules.indices where rules[index].conditions.allSatisfy({ !$0.isBlank }) {
            if rules[index].conditions.count < RedirectRule.maximumConditions {
                rules[index].conditions.append(Condition(type: "device", value: ""))
            }
        }
        if rules.allSatisfy({ !$0.isBlank }), rules.count < RedirectRule.maximumRules {
            rules.append(Rule(position: String(rules.count + 1), conditions: [Condition(type: "device", value: "")]))
        }
        while variants.count < 2 || (variants.allSatisfy({ !$0.isBlank }) && variants.count < 4) {
            variants.append(Variant())
        }
    }

    // MARK: To the API

    /// The rules that go to the API, as slot indexes: not removed, not blank, by position.
    package var ruleOrder: [Int] {
        rules.indices.filter { !rules[$0].remove && !rules[$0].isBlank }
            .map { ($0, Int(rules[$0].position) ?? ($0 + 1)) }
            .sorted { ($0.1, $0.0) < ($1.1, $1.0) }.map(\.0)
    }

    package var variantOrder: [Int] { variants.indices.filter { !variants[$0].isBlank } }

    /// `rules` and `variants` for the body: `null` when there are none (a change then removes them).
    package var members: [JSONNode.Member] {
        guard isPresent else { return [] }
        let rules = ruleOrder.map { index in ruleNode(self.rules[index]) }
        let variants = variantOrder.map { index in variantNode(self.variants[index]) }
        return [
            .init(key: "rules", value: rules.isEmpty ? JSONNode(.null) : JSONNode(.array(rules))),
            .init(key: "variants", value: variants.isEmpty ? JSONNode(.null) : JSONNode(.array(variants))),
        ]
    }

    private func ruleNode(_ rule: Rule) -> JSONNode {
        var members: [JSONNode.Member] = []
        if !rule.name.isEmpty { members.append(.init(key: "name", value: JSONNode(.string(rule.name)))) }
        let when = rule.conditions.filter { !$0.isBlank }.map { Self.conditionNode($0) }
        members.append(.init(key: "when", value: JSONNode(.array(when))))
        if !rule.destination.isEmpty {
            members.append(.init(key: "destination", value: JSONNode(.string(rule.destination))))
        }
        if let fallbacks = Self.fallbacksNode(rule.fallbacks) {
            members.append(.init(key: "fallbacks", value: fallbacks))
        }
        return JSONNode(.object(members))
    }

    private func variantNode(_ variant: Variant) -> JSONNode {
        var members: [JSONNode.Member] = []
        if !variant.destination.isEmpty {
            members.append(.init(key: "destination", value: JSONNode(.string(variant.destination))))
        }
        if let fallbacks = Self.fallbacksNode(variant.fallbacks) {
            members.append(.init(key: "fallbacks", value: fallbacks))
        }
        // A weight that is no number goes as typed, for the API to say what is wrong with it.
        let weight = variant.weight.isEmpty ? "0" : variant.weight
        members.append(
            .init(key: "weight", value: Int(weight) != nil ? JSONNode(.number(weight)) : JSONNode(.string(weight))))
        return JSONNode(.object(members))
    }

    private static func fallbacksNode(_ texts: [String]) -> JSONNode? {
        guard texts.contains(where: { !$0.isEmpty }) else { return nil }
        return LinkRequest.stringObject(zip(fallbackKeys, texts).map { ($0, $1.isEmpty ? nil : $1) })
    }

    private static func texts(_ fallbacks: Fallbacks?) -> [String] {
        [fallbacks?.ios ?? "", fallbacks?.android ?? "", fallbacks?.desktop ?? ""]
    }

    /// A condition as the API takes it, from its type and the text typed.
    package static func conditionNode(_ condition: Condition) -> JSONNode {
        let text = condition.value.trimmingCharacters(in: .whitespaces)
        let type = condition.type
        switch type {
        case "query":
            guard let equals = text.firstIndex(of: "=") else {
                return .object(["query": JSONNode(.string(text))])
            }
            let name = JSONNode(.string(String(text[..<equals])))
            let value = String(text[text.index(after: equals)...])
            return value.isEmpty
                ? .object(["query": name, "valueless": JSONNode(.bool(true))])
                : .object(["query": name, "equals": JSONNode(.string(value))])
        case "before", "after":
            return JSONNode(.object([.init(key: type, value: JSONNode(.string(text)))]))
        default:
            let items = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
            let value =
                items.count == 1 ? JSONNode(.string(items[0])) : JSONNode(.array(items.map { JSONNode(.string($0)) }))
            return JSONNode(.object([.init(key: type, value: value)]))
        }
    }

    // MARK: From the API

    /// Puts a problem about `rules…` or `variants…` at its field; `false` when it is about neither.
    package mutating func show(_ field: String, _ detail: String) -> Bool {
        let parts = Self.steps(field)
        switch (parts.first, parts.dropFirst().first) {
        case (.key("rules")?, nil): rulesError = detail
        case (.key("variants")?, nil): variantsError = detail
        case (.key("rules")?, .index(let index)?):
            let order = ruleOrder
            guard order.indices.contains(index) else {
                rulesError = detail
                return true
            }
            showInRule(order[index], Array(parts.dropFirst(2)), detail)
        case (.key("variants")?, .index(let index)?):
            let order = variantOrder
            guard order.indices.contains(index) else {
                variantsError = detail
                return true
            }
            let slot = order[index]
            switch parts.dropFirst(2).first {
            case .key(let key)? where key == "destination" || key == "weight": variants[slot].fieldErrors[key] = detail
            case .key("fallbacks")?:
                variants[slot].fieldErrors[Self.fallbackName(parts.dropFirst(3).first)] = detail
            default: variants[slot].error = detail
            }
        default: return false
        }
        return true
    }

    private mutating func showInRule(_ slot: Int, _ rest: [Step], _ detail: String) {
        switch (rest.first, rest.dropFirst().first) {
        case (.key("when")?, .index(let index)?):
            let order = rules[slot].conditions.indices.filter { !rules[slot].conditions[$0].isBlank }
            if order.indices.contains(index) {
                rules[slot].conditions[order[index]].error = detail
            } else {
                rules[slot].error = detail
            }
        case (.key(let key)?, _) where key == "name" || key == "destination":
            rules[slot].fieldErrors[key] = detail
        case (.key("fallbacks")?, _):
            rules[slot].fieldErrors[Self.fallbackName(rest.dropFirst().first)] = detail
        default:
            rules[slot].error = detail
        }
    }

    private static func fallbackName(_ step: Step?) -> String {
        if case .key(let key)? = step, fallbackKeys.contains(key) { return key }
        return "destination"
    }

    package enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    /// `rules[1].when[0].country[2]` as its steps.
    package static func steps(_ path: String) -> [Step] {
        var steps: [Step] = []
        for part in path.split(separator: ".") {
            let pieces = part.split(separator: "[")
            if let key = pieces.first, !part.hasPrefix("[") { steps.append(.key(String(key))) }
            for piece in pieces.dropFirst() {
                if let index = Int(piece.dropLast()) { steps.append(.index(index)) }
            }
        }
        return steps
    }
}

extension RuleCondition {
    /// The condition's type, as the API names it.
    package var kind: String {
        switch self {
        case .device: "device"
        case .browser: "browser"
        case .language: "language"
        case .country: "country"
        case .query: "query"
        case .ip: "ip"
        case .before: "before"
        case .after: "after"
        }
    }

    /// The condition's value as the editor's field shows it.
    package var formText: String {
        switch self {
        case .device(let values), .browser(let values), .language(let values), .country(let values):
            values.joined(separator: ", ")
        case .ip(let ranges): ranges.map(\.text).joined(separator: ", ")
        case .before(let date), .after(let date): ISO8601.string(from: date)
        case .query(let name, .present): name
        case .query(let name, .equals(let value)): "\(name)=\(value)"
        case .query(let name, .valueless): "\(name)="
        }
    }
}
