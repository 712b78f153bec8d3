import LinkCore

extension ConsoleLinkPage {
    /// A redirect rule or A/B variant of the link, for people.
    package struct Choice: Sendable {
        /// `Rule 1 “German speakers”`, `Variant B (50%)`.
        package var label: String
        /// The rule's conditions (`language de and country DE or AT`); empty for a variant.
        package var when: String
        /// Where it sends the visit: the destination and the fallbacks it names.
        package var target: String
    }

    /// The link's rules, in order.
    package static func rules(of content: LinkContent) -> [Choice] {
        content.rules.enumerated().map { index, rule in
            let label = rule.label(index: index)
            return Choice(
                label: label.prefix(1).uppercased() + label.dropFirst(),
                when: rule.conditions.map(\.summary).joined(separator: " and "),
                target: target(rule.destination, rule.fallbacks))
        }
    }

    /// The link's A/B variants, lettered A to D.
    package static func variants(of content: LinkContent) -> [Choice] {
        content.variants.enumerated().map { index, variant in
            Choice(
                label: "Variant \(variantLetter(index)) (\(variant.weight)%)", when: "",
                target: target(variant.destination, variant.fallbacks))
        }
    }

    /// `A` for the first variant.
    package static func variantLetter(_ index: Int) -> String {
        String(UnicodeScalar(UInt8(ascii: "A") + UInt8(clamping: index)))
    }

    private static func target(_ destination: String?, _ fallbacks: Fallbacks?) -> String {
        let parts =
            [destination]
            + [("iOS", fallbacks?.ios), ("Android", fallbacks?.android), ("desktop", fallbacks?.desktop)].map {
                name, url in url.map { "\(name) fallback \($0)" }
            }
        return parts.compactMap { $0 }.joined(separator: "; ")
    }

    /// Clicks per rule and per variant, drawn as the engine's breakdowns are (none for a link
    /// without rules or variants): from the engine's counts when it answered, else the rollups'.
    package static func choiceSections(of link: Link, stats: LinkStats, breakdowns: ClickBreakdowns?)
        -> [ConsoleBreakdown]
    {
        var sections: [ConsoleBreakdown] = []
        let content = link.content
        if !content.rules.isEmpty {
            let counts = breakdowns?.rules ?? stats.ruleClicks
            sections.append(
                ConsoleBreakdown(
                    id: "rule-clicks", heading: "Clicks by rule", column: "Rule",
                    counts: rules(of: content).enumerated().map { ($1.label, counts[$0] ?? 0) }))
        }
        if !content.variants.isEmpty {
            let counts = breakdowns?.variants ?? stats.variantClicks
            sections.append(
                ConsoleBreakdown(
                    id: "variant-clicks", heading: "Clicks by variant", column: "Variant",
                    counts: variants(of: content).enumerated().map { ($1.label, counts[$0] ?? 0) }))
        }
        return sections
    }
}
