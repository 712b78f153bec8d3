import DeepLinkRouting
import Foundation

/// Something of a link that is stored as asked but will not work as its author may expect: the
/// API answers it in `warnings` beside the link it wrote (the write itself succeeds).
package struct LinkWarning: Sendable, Hashable {
    /// What is wrong, for programs: a code of the `ErrorCode<FieldError>` catalogue
    /// (`country-unknown`).
    package var code: String
    /// The JSON path of the value concerned, as a problem's `field` names it.
    package var field: String
    /// What is wrong and what to do, for people.
    package var detail: String

    /// The warnings of `content` on a server that does or does not know visitors' countries.
    package static func warnings(for content: LinkContent, countryKnown: Bool) -> [LinkWarning] {
        guard !countryKnown else { return [] }
        var warnings: [LinkWarning] = []
        for (ruleIndex, rule) in content.rules.enumerated() {
            for (index, condition) in rule.conditions.enumerated() {
                guard case .country = condition else { continue }
                warnings.append(
                    LinkWarning(
                        code: ErrorCode<FieldError>.countryUnknown.description,
                        field: "rules[\(ruleIndex)].when[\(index)].country",
                        detail:
                            "this server knows no visitor's country, so this condition never holds and rules[\(ruleIndex)] never applies; configure --geoip FILE (WAYFINDER_GEOIP) or WAYFINDER_COUNTRY_HEADER"
                    ))
            }
        }
        return warnings
    }

    package var node: JSONNode {
        .object([
            "code": JSONNode(.string(code)), "field": JSONNode(.string(field)), "detail": JSONNode(.string(detail)),
        ])
    }
}

extension LinkJSON {
    /// The link's JSON with `warnings` when there are any: the answer to a write.
    package static func node(_ link: Link, now: Date, warnings: [LinkWarning]) -> JSONNode {
        let node = node(link, now: now)
        guard !warnings.isEmpty, var members = node.objectValue else { return node }
        members.append(.init(key: "warnings", value: JSONNode(.array(warnings.map(\.node)))))
        return JSONNode(.object(members))
    }
}
