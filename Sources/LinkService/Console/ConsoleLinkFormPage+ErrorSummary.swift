extension ConsoleLinkFormPage {
    /// One refused field in the summary at the top of a refused form: the element it links to,
    /// the field's label and the problem.
    package struct SummaryItem: Sendable {
        /// The `id` the link goes to (the field itself, so that following it puts the cursor there).
        package var target: String
        package var label: String
        package var message: String
    }

    /// Every problem on the page, in the order of the page: the text fields, the domain, then the
    /// rules and the A/B split (their fields sit far down a long form, where nobody sees them
    /// after a refused save).
    package var collectedErrors: [SummaryItem] {
        var items: [SummaryItem] = []
        for field in fieldGroups.flatMap(\.fields) {
            if let error = field.error {
                items.append(SummaryItem(target: field.name, label: field.label, message: error))
            }
        }
        if let domainError { items.append(SummaryItem(target: "domain", label: "Domain", message: domainError)) }
        if let rulesError { items.append(SummaryItem(target: "rules-error", label: "Rules", message: rulesError)) }
        for slot in ruleSlots {
            if let error = slot.ruleError {
                items.append(SummaryItem(target: "rule\(slot.index)", label: "Rule \(slot.number)", message: error))
            }
            for condition in slot.conditions {
                if let error = condition.conditionError {
                    items.append(
                        SummaryItem(
                            target: condition.id + "-value",
                            label: "Condition \(condition.number) of rule \(condition.ruleNumber)", message: error))
                }
            }
            items += (slot.fields + slot.fallbackFields).compactMap(Self.summaryItem)
        }
        if let variantsError {
            items.append(SummaryItem(target: "variants-error", label: "A/B split", message: variantsError))
        }
        for slot in variantSlots {
            if let error = slot.variantError {
                items.append(
                    SummaryItem(target: "variant\(slot.index)", label: "Variant \(slot.letter)", message: error))
            }
            items += (slot.fields + slot.fallbackFields).compactMap(Self.summaryItem)
        }
        return items
    }

    private static func summaryItem(_ field: SlotField) -> SummaryItem? {
        field.fieldError.map { SummaryItem(target: field.id, label: field.label, message: $0) }
    }

    /// The page with its error summary filled in, and each fallbacks section open that holds an
    /// error (a closed `<details>` hides the field the summary links to).
    package func summarized() -> ConsoleLinkFormPage {
        var page = self
        page.errorSummary = collectedErrors
        page.errorSummaryHeading =
            switch page.errorSummary.count {
            case 0: nil
            case 1: "1 problem to fix"
            case let count: "\(count) problems to fix"
            }
        for index in page.ruleSlots.indices {
            page.ruleSlots[index].fallbacksOpen = page.ruleSlots[index].fallbackFields.contains { $0.fieldError != nil }
        }
        for index in page.variantSlots.indices {
            page.variantSlots[index].fallbacksOpen =
                page.variantSlots[index].fallbackFields.contains { $0.fieldError != nil }
        }
        return page
    }
}
