import LinkCore

extension ConsoleLinkFormPage {
    /// A text field of a rule or variant: its form name (also its `id`), label, value and problem.
    package struct SlotField: Sendable {
        package var id: String
        package var label: String
        package var value: String
        package var fieldError: String?
    }

    /// A condition type in a condition's menu.
    package struct Option: Sendable {
        package var value: String
        package var selected: Bool
    }

    package struct ConditionSlot: Sendable {
        /// `rule0-when1`: the stem of its fields' names.
        package var id: String
        package var number: Int
        /// The rule's number, for the labels.
        package var ruleNumber: Int
        package var options: [Option]
        package var text: String
        package var conditionError: String?
    }

    package struct RuleSlot: Sendable {
        package var index: Int
        package var number: Int
        package var ruleError: String?
        package var conditionCount: Int
        package var conditions: [ConditionSlot]
        /// Name and destination.
        package var fields: [SlotField]
        package var fallbackFields: [SlotField]
        package var position: String
        package var remove: Bool
        /// Whether the fallbacks section starts open (it holds an error).
        package var fallbacksOpen = false
    }

    package struct VariantSlot: Sendable {
        package var index: Int
        package var letter: String
        package var variantError: String?
        /// Destination and weight.
        package var fields: [SlotField]
        package var fallbackFields: [SlotField]
        /// Whether the fallbacks section starts open (it holds an error).
        package var fallbacksOpen = false
    }

    /// The editor's slots as the page draws them, with a blank rule, condition and variant to fill.
    package static func slots(of editor: RuleEditor) -> (rules: [RuleSlot], variants: [VariantSlot]) {
        var editor = editor
        editor.addBlanks()
        let fallbackLabels = ["iOS fallback", "Android fallback", "Desktop fallback"]
        // Labels name their rule or variant: each control's label is unique on the page.
        func fallbacks(_ stem: String, _ owner: String, _ texts: [String], _ errors: [String: String]) -> [SlotField] {
            RuleEditor.fallbackKeys.indices.map { index in
                let key = RuleEditor.fallbackKeys[index]
                return SlotField(
                    id: stem + key, label: "\(fallbackLabels[index]) of \(owner)", value: texts[index],
                    fieldError: errors[key])
            }
        }
        let rules = editor.rules.enumerated().map { index, rule in
            let stem = "rule\(index)-"
            let owner = "rule \(index + 1)"
            return RuleSlot(
                index: index, number: index + 1, ruleError: rule.error, conditionCount: rule.conditions.count,
                conditions: rule.conditions.enumerated().map { number, condition in
                    ConditionSlot(
                        id: stem + "when\(number)", number: number + 1, ruleNumber: index + 1,
                        options: RuleCondition.kinds.map { Option(value: $0, selected: $0 == condition.type) },
                        text: condition.value, conditionError: condition.error)
                },
                fields: [
                    SlotField(
                        id: stem + "name", label: "Name of \(owner)", value: rule.name,
                        fieldError: rule.fieldErrors["name"]),
                    SlotField(
                        id: stem + "destination", label: "Destination of \(owner)", value: rule.destination,
                        fieldError: rule.fieldErrors["destination"]),
                ],
                fallbackFields: fallbacks(stem, owner, rule.fallbacks, rule.fieldErrors), position: rule.position,
                remove: rule.remove)
        }
        let variants = editor.variants.enumerated().map { index, variant in
            let stem = "variant\(index)-"
            let owner = "variant \(ConsoleLinkPage.variantLetter(index))"
            return VariantSlot(
                index: index, letter: ConsoleLinkPage.variantLetter(index), variantError: variant.error,
                fields: [
                    SlotField(
                        id: stem + "destination", label: "Destination of \(owner)", value: variant.destination,
                        fieldError: variant.fieldErrors["destination"]),
                    SlotField(
                        id: stem + "weight", label: "Weight of \(owner) (%)", value: variant.weight,
                        fieldError: variant.fieldErrors["weight"]),
                ],
                fallbackFields: fallbacks(stem, owner, variant.fallbacks, variant.fieldErrors))
        }
        return (rules, variants)
    }
}
