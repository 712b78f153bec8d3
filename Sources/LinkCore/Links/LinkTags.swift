import DeepLinkRouting

/// What a link's `tags` may be: at most 20, each 1 to 32 of `A-Z`, `a-z`, `0-9`, `-` and `_`,
/// none twice. Tags are matched as written (`Spring` is not `spring`).
package enum LinkTags {
    package static let maximumCount = 20
    package static let maximumLength = 32

    /// Why `text` is not a tag, or `nil` when it is one.
    package static func problem(with text: String) -> String? {
        guard SlugRules.isWellFormed(text, maximumLength: maximumLength) else {
            return "\"\(text)\" is not a tag: 1 to \(maximumLength) characters of A-Z, a-z, 0-9, \"-\" and \"_\""
        }
        return nil
    }

    /// The tags at `path` (`null` is none); a problem names the element at fault (`tags[3]`).
    package static func tags(_ node: JSONNode, at path: String = "tags") throws(FieldError) -> [String] {
        guard node.value != .null else { return [] }
        let elements = try RuleJSON.array(node, at: path, what: "tags")
        guard elements.count <= maximumCount else {
            throw FieldError(
                path, "a link has at most \(maximumCount) tags, not \(elements.count)", code: .invalidTag)
        }
        var tags: [String] = []
        for (index, element) in elements.enumerated() {
            let field = "\(path)[\(index)]"
            let tag = try LinkRequest.string(element, at: field)
            if let problem = problem(with: tag) {
                throw FieldError(field, problem, code: .invalidTag)
            }
            guard !tags.contains(tag) else {
                throw FieldError(field, "the tag \"\(tag)\" is listed twice", code: .invalidTag)
            }
            tags.append(tag)
        }
        return tags
    }

    /// How the store keeps tags: separated by spaces, which no tag contains (`nil` when none).
    package static func storedText(_ tags: [String]) -> String? {
        tags.isEmpty ? nil : tags.joined(separator: " ")
    }

    /// The tags of stored text (none for `nil`).
    package static func tags(storedText: String?) -> [String] {
        storedText.map { $0.split(separator: " ").map(String.init) } ?? []
    }
}
