/// Collects diagnostics while a ``JSONNode`` tree is read into typed values, with the checks every
/// reader of a JSON document needs: expected kinds, required and unknown keys, duplicate keys.
///
/// Readers keep going after a problem so that one broken entry never hides the rest.
package struct DiagnosticCollector: Sendable {
    package private(set) var diagnostics: [Diagnostic] = []
    /// Unknown keys that look like a typo of a known key the object lacks: the object's path and
    /// the known key, to the index of the `unknown-key` diagnostic (see ``typo(of:at:)``).
    private var typos: [TypoKey: Int] = [:]

    private struct TypoKey: Hashable, Sendable {
        var path: JSONPath
        var key: String
    }

    package init() {}

    /// Records an error at `path`.
    package mutating func error(
        _ code: String, _ path: JSONPath, _ message: String, hint: String? = nil, at node: JSONNode? = nil
    ) {
        diagnostics.append(
            Diagnostic(.error, code: code, path: path, message: message, hint: hint, location: node?.location))
    }

    /// Records a warning at `path`.
    package mutating func warning(
        _ code: String, _ path: JSONPath, _ message: String, hint: String? = nil, at node: JSONNode? = nil
    ) {
        diagnostics.append(
            Diagnostic(.warning, code: code, path: path, message: message, hint: hint, location: node?.location))
    }

    /// Records a value of the wrong kind: `expected a string, found an array`.
    package mutating func wrongType(_ node: JSONNode, _ path: JSONPath, expected: String, hint: String? = nil) {
        error("wrong-type", path, "expected \(expected), found \(node.kindDescription)", hint: hint, at: node)
    }

    /// The members of an object, or `nil` (with a diagnostic) when `node` is not one.
    ///
    /// Keys outside `knownKeys` are warnings that suggest the nearest known key (a typo must not
    /// pass silently); a key written twice is an error, since parsers disagree on which one wins.
    package mutating func members(
        of node: JSONNode, at path: JSONPath, knownKeys: [String]?, expected: String = "an object"
    ) -> [String: JSONNode]? {
        guard let members = node.objectValue else {
            wrongType(node, path, expected: expected)
            return nil
        }
        var result: [String: JSONNode] = [:]
        for member in members {
            if result[member.key] != nil {
                error(
                    "duplicate-key", path.appending(member.key),
                    "the key \"\(member.key)\" is written more than once in this object",
                    hint: "keep one; JSON parsers disagree on which one wins", at: member.value)
                continue
            }
            result[member.key] = member.value
            if let knownKeys, !knownKeys.contains(member.key) {
                let suggestion = DiagnosticCollector.nearest(member.key, in: knownKeys)
                if let suggestion, !members.contains(where: { $0.key == suggestion }) {
                    typos[TypoKey(path: path, key: suggestion)] = diagnostics.count
                }
                // No "is ignored": a manifest loader makes this an error (a typo must not pass).
                warning(
                    "unknown-key", path.appending(member.key),
                    "unknown key \"\(member.key)\"" + (suggestion.map { "; did you mean \"\($0)\"?" } ?? ""),
                    hint: "known keys here: " + knownKeys.joined(separator: ", "), at: member.value
                )
            }
        }
        return result
    }

    /// Whether the object at `path` spells `key` wrongly (an unknown key whose suggestion is `key`,
    /// which the object lacks); if so, that finding becomes an error, so that the caller can skip
    /// its own error about the missing key: one typo, one error, the one that names the fix.
    package mutating func typo(of key: String, at path: JSONPath) -> Bool {
        guard let index = typos.removeValue(forKey: TypoKey(path: path, key: key)) else { return false }
        diagnostics[index].severity = .error
        return true
    }

    /// Records that the object at `path` lacks the required `key`, unless an unknown key there is
    /// its typo (``typo(of:at:)``).
    package mutating func missingKey(_ key: String, at path: JSONPath, what: String, at node: JSONNode? = nil) {
        guard !typo(of: key, at: path) else { return }
        error("missing-key", path, "missing \"\(key)\": \(what)", at: node)
    }

    /// The string at `key`, or `nil` (with a diagnostic when it is present but not a string, or
    /// missing and `required`).
    package mutating func string(
        _ key: String, in members: [String: JSONNode], at path: JSONPath, required: Bool, what: String
    ) -> String? {
        guard let node = members[key] else {
            if required { missingKey(key, at: path, what: what) }
            return nil
        }
        guard let string = node.stringValue else {
            wrongType(node, path.appending(key), expected: "a string (\(what))")
            return nil
        }
        return string
    }

    /// The elements of the array at `key` that are strings, each with its path and node; `nil`
    /// when the key is absent (with a diagnostic when `required`).
    package mutating func strings(
        _ key: String, in members: [String: JSONNode], at path: JSONPath, required: Bool, what: String
    ) -> [(value: String, path: JSONPath, node: JSONNode)]? {
        guard let node = members[key] else {
            if required { missingKey(key, at: path, what: what) }
            return nil
        }
        let arrayPath = path.appending(key)
        guard let elements = node.arrayValue else {
            wrongType(node, arrayPath, expected: "an array of strings (\(what))")
            return nil
        }
        var result: [(value: String, path: JSONPath, node: JSONNode)] = []
        for (index, element) in elements.enumerated() {
            guard let string = element.stringValue else {
                wrongType(element, arrayPath.appending(index), expected: "a string")
                continue
            }
            result.append((string, arrayPath.appending(index), element))
        }
        return result
    }

    /// The known word closest to `word` by edit distance, if it is close enough to be a typo.
    package static func nearest(_ word: String, in candidates: [String]) -> String? {
        let lowered = Array(word.lowercased().unicodeScalars)
        var best: (String, Int)? = nil
        for candidate in candidates {
            let distance = editDistance(lowered, Array(candidate.lowercased().unicodeScalars))
            if distance <= max(1, candidate.count / 3), distance < (best?.1 ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.0
    }

    /// Edits from `a` to `b`, a swap of two neighbouring letters counting as one (`pahts` is one
    /// edit from `paths`, the most common typo of all).
    private static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], beforePrevious[j - 2] + 1)
                }
            }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}
