import LinkCore

/// The console's new-link and edit form (`console-link-form.mustache`): what was typed, and the
/// API's problems next to the fields they are about (``LinkForm``).
package struct ConsoleLinkFormPage: PageModel {
    package static let template = PageTemplate.consoleLinkForm

    /// One text field of ``LinkForm/fields``, as typed.
    package struct Field: Sendable {
        package var name: String
        package var label: String
        package var type: String
        package var value: String
        package var error: String?
        package var hint: String?
        package var multiline: Bool
        /// The slug of a link being changed: shown, not sent.
        package var readOnly: Bool
    }

    /// Text fields drawn together: the ones always shown, or a section (`<details>`) that starts
    /// closed unless it holds a value or a problem, so the form a newcomer sees is short.
    package struct FieldGroup: Sendable {
        /// The section's summary line; `nil` for the fields always shown.
        package var summary: String?
        package var open: Bool
        package var fields: [Field]
    }

    /// One of the tenant's domains, for the domain menu.
    package struct Domain: Sendable {
        package var name: String
        package var selected: Bool
    }

    package var layout: ConsoleLayout
    package var heading: String
    /// Where the form posts.
    package var action: String
    package var submit: String
    /// Where "Cancel" goes.
    package var cancel: String
    /// A problem no single field is at fault for.
    package var formError: String?
    package var fieldGroups: [FieldGroup]
    package var domains: [Domain]
    package var domainError: String?
    package var skipPreview: Bool
    /// The destination with the UTM fields merged in, as the server computes it (the script keeps
    /// it current while typing); `nil` while there is no destination.
    package var finalURL: String?
    package var ruleCount: Int
    package var ruleSlots: [RuleSlot]
    package var rulesError: String?
    /// Whether the rules section starts open: it holds a rule or a problem, or a rule or
    /// condition was just added.
    package var rulesOpen: Bool
    package var variantCount: Int
    package var variantSlots: [VariantSlot]
    package var variantsError: String?
    /// Whether the A/B split section starts open: it holds a variant or a problem.
    package var variantsOpen: Bool
    /// "2 problems to fix" above the form when it was refused; `nil` otherwise.
    package var errorSummaryHeading: String? = nil
    /// Each problem of ``collectedErrors``, linking to its field (filled by ``summarized()``).
    package var errorSummary: [SummaryItem] = []

    package static let example = ConsoleLinkFormPage(
        layout: .example, heading: "Edit https://go.example.com/spring", action: "/admin/links/spring",
        submit: "Save", cancel: "/admin/links/spring", formError: "Something is wrong.",
        fieldGroups: [
            FieldGroup(
                summary: "UTM parameters", open: true,
                fields: [
                    Field(
                        name: "destination", label: "Destination", type: "url", value: "https://www.example.com",
                        error: "Not a URL.", hint: "A deep link of the app.", multiline: true, readOnly: true)
                ])
        ],
        domains: [Domain(name: "go.example.com", selected: true)], domainError: "Not a domain of the app.",
        skipPreview: true, finalURL: "https://www.example.com/?utm_source=newsletter",
        ruleCount: 1,
        ruleSlots: [
            RuleSlot(
                index: 0, number: 1, ruleError: "A rule needs a condition.", conditionCount: 1,
                conditions: [
                    ConditionSlot(
                        id: "rule0-when0", number: 1, ruleNumber: 1,
                        options: [Option(value: "country", selected: true)], text: "XY",
                        conditionError: "Not a country.")
                ],
                fields: [SlotField(id: "rule0-name", label: "Name", value: "Germany", fieldError: "Too long.")],
                fallbackFields: [
                    SlotField(id: "rule0-ios", label: "iOS fallback", value: "https://x", fieldError: "Not allowed.")
                ], position: "1", remove: true)
        ], rulesError: "At most 20 rules.", rulesOpen: true, variantCount: 1,
        variantSlots: [
            VariantSlot(
                index: 0, letter: "A", variantError: "Needs a destination.",
                fields: [SlotField(id: "variant0-weight", label: "Weight (%)", value: "50", fieldError: "1 to 99.")],
                fallbackFields: [
                    SlotField(id: "variant0-ios", label: "iOS fallback", value: "https://x", fieldError: "Not allowed.")
                ])
        ], variantsError: "Weights sum to 100.", variantsOpen: true
    ).summarized()
}

extension ConsoleLinkFormPage {
    /// The form for a new link (`editing` `nil`) or for changes to `link`, offering `domains`.
    package init(layout: ConsoleLayout, form: LinkForm, editing link: Link?, domains: [String]) {
        let selected = form.value("domain")
        let slots = Self.slots(of: form.editor)
        func group(_ summary: String?, _ fields: [LinkForm.Field]) -> FieldGroup {
            let drawn = fields.map { field in
                Field(
                    name: field.name, label: field.label, type: field.type, value: form.value(field.name),
                    error: form.errors[field.name], hint: field.hint, multiline: field.multiline,
                    readOnly: link != nil && field.name == "slug")
            }
            return FieldGroup(
                summary: summary, open: summary == nil || drawn.contains { !$0.value.isEmpty || $0.error != nil },
                fields: drawn)
        }
        let utmNames = Set(LinkForm.utmFields.map(\.name))
        self.init(
            layout: layout, heading: link.map { "Edit \($0.shortURL)" } ?? "New link",
            action: link.map { "/admin/links/\($0.slug)" } ?? "/admin/links",
            submit: link == nil ? "Create link" : "Save",
            cancel: link.map { "/admin/links/\($0.slug)" } ?? "/admin/links",
            formError: form.formError,
            fieldGroups: [
                group(nil, LinkForm.fields.filter { !utmNames.contains($0.name) }),
                group("UTM parameters", LinkForm.utmFields),
            ],
            domains: domains.map { Domain(name: $0, selected: $0 == selected) }, domainError: form.errors["domain"],
            skipPreview: form.value("skipPreview") == "on", finalURL: form.finalURL, ruleCount: slots.rules.count,
            ruleSlots: slots.rules, rulesError: form.editor.rulesError,
            rulesOpen: form.editor.isEditingRules || form.editor.rulesError != nil
                || form.editor.rules.contains { !$0.isBlank || $0.hasProblem },
            variantCount: slots.variants.count, variantSlots: slots.variants, variantsError: form.editor.variantsError,
            variantsOpen: form.editor.variantsError != nil
                || form.editor.variants.contains { !$0.isBlank || $0.error != nil || !$0.fieldErrors.isEmpty })
        self = summarized()
    }
}
