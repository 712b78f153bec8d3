import DeepLinkRouting

extension RuleJSON {
    /// The variants at `path` (`null` is none): 2 to 4, weights 1 to 99 summing to 100.
    static func variants(_ node: JSONNode, at path: String = "variants") throws(Problem) -> [LinkVariant] {
        guard node.value != .null else { return [] }
        guard let elements = node.arrayValue else {
            throw Problem.invalidField(
                path, "\(path) is a list of variants, not \(node.kindDescription)", code: "wrong-type")
        }
        guard LinkVariant.counts.contains(elements.count) else {
            throw Problem.invalidField(
                path,
                "an A/B split has \(LinkVariant.counts.lowerBound) to \(LinkVariant.counts.upperBound) variants, not \(elements.count)",
                code: "invalid-variant")
        }
        var variants: [LinkVariant] = []
        for (index, element) in elements.enumerated() {
            let itemPath = "\(path)[\(index)]"
            let members = try LinkRequest.members(of: element, at: itemPath, known: variantKeys)
            guard let weightNode = members["weight"], case .number(let text) = weightNode.value,
                let weight = Int(text), (1...99).contains(weight)
            else {
                throw Problem.invalidField(
                    itemPath + ".weight", "each variant has a \"weight\": a whole number from 1 to 99 (percent)",
                    code: "invalid-variant")
            }
            let target = try target(members, at: itemPath)
            variants.append(LinkVariant(destination: target.destination, fallbacks: target.fallbacks, weight: weight))
        }
        let sum = variants.reduce(0) { $0 + $1.weight }
        guard sum == 100 else {
            throw Problem.invalidField(
                path,
                "the variants' weights sum to \(sum); they must sum to 100 (\(variants.map { String($0.weight) }.joined(separator: " + ")))",
                code: "invalid-variant")
        }
        return variants
    }

    static func node(_ variants: [LinkVariant]) -> JSONNode {
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
    static func storedText(_ variants: [LinkVariant]) -> String? {
        variants.isEmpty ? nil : node(variants).jsonText(style: .compact)
    }

    /// The variants of stored text (none for `nil`, or for text this version cannot read).
    static func variants(storedText: String?) -> [LinkVariant] {
        read(storedText) { node throws(Problem) in try variants(node) }
    }
}
