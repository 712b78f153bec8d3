import DeepLinkRouting

extension RuleJSON {
    /// The variants at `path` (`null` is none): 2 to 4, weights 1 to 99 summing to 100.
    package static func variants(_ node: JSONNode, at path: String = "variants") throws(FieldError) -> [LinkVariant] {
        guard node.value != .null else { return [] }
        guard let elements = node.arrayValue else {
            throw FieldError(
                path, "\(path) is a list of variants, not \(node.kindDescription)", code: .wrongType)
        }
        guard LinkVariant.counts.contains(elements.count) else {
            throw FieldError(
                path,
                "an A/B split has \(LinkVariant.counts.lowerBound) to \(LinkVariant.counts.upperBound) variants, not \(elements.count)",
                code: .invalidVariant)
        }
        var variants: [LinkVariant] = []
        for (index, element) in elements.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let members = try LinkRequest.members(of: element, at: itemPath, known: variantKeys)
            guard let weightNode = members["weight"], case .number(let text) = weightNode.value,
                let weight = Int(text), (1...99).contains(weight)
            else {
                throw FieldError(
                    itemPath + ".weight", "each variant has a \"weight\": a whole number from 1 to 99 (percent)",
                    code: .invalidVariant)
            }
            let target = try target(members, at: itemPath)
            variants.append(LinkVariant(destination: target.destination, fallbacks: target.fallbacks, weight: weight))
        }
        let sum = variants.reduce(0) { $0 + $1.weight }
        guard sum == 100 else {
            throw FieldError(
                path,
                "the variants' weights sum to \(sum); they must sum to 100 (\(variants.map { String($0.weight) }.joined(separator: " + ")))",
                code: .invalidVariant)
        }
        return variants
    }

    package static func node(_ variants: [LinkVariant]) -> JSONNode {
        JSONNode(
            .array(
                variants.map { variant in
                    JSONNode(
                        .object(
                            targetMembers(destination: variant.destination, fallbacks: variant.fallbacks) + [
                                .init(key: "weight", value: JSONNode(.number(String(variant.weight))))
                            ]))
                }))
    }

    /// Compact JSON of the variants, `nil` when there are none.
    package static func storedText(_ variants: [LinkVariant]) -> String? {
        variants.isEmpty ? nil : node(variants).jsonText(style: .compact)
    }

    /// The variants of stored text (none for `nil`, or for text this version cannot read).
    package static func variants(storedText: String?) -> [LinkVariant] {
        read(storedText) { node throws(FieldError) in try variants(node) }
    }
}
