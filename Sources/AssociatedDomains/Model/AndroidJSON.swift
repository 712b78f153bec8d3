import DeepLinkRouting

/// How Android's statement service reads an assetlinks.json's JSON, where that decides a URL.
///
/// StatementService (AOSP `packages/apps/StatementService`; stored copies of
/// `src/com/android/statementservice/retriever/JsonParser.java` and
/// `…/network/retriever/StatementParser.kt` were read, no fetchable repository or commit was
/// found) turns each statement into an `org.json.JSONObject` with its own `JsonParser`, which
/// accepts in an object only strings, Booleans, arrays and objects, and in an array only strings,
/// arrays and objects; anything else (a number, `null`) makes the statement's parse throw, which
/// nothing in `parseStatementList` catches. `StatementParser.parseComponent` then reads a rule with
/// `optBoolean("exclude", false)` and `getString` for `/`, `#` and each `"?"` value.
enum AndroidJSON {
    /// An object's members as `JSONObject.put` keeps them: a key written twice has its last value.
    static func lastValues(_ node: JSONNode) -> [String: JSONNode] {
        var values: [String: JSONNode] = [:]
        for member in node.objectValue ?? [] { values[member.key] = member.value }
        return values
    }

    /// An object's members for reading (`nil`, with a diagnostic, when `node` is not an object):
    /// the reader's checks and findings (unknown and duplicate keys), but a key written twice has
    /// its last value, as on Android.
    static func members(
        of node: JSONNode, at path: JSONPath, knownKeys: [String]?, expected: String = "an object",
        collector: inout DiagnosticCollector
    ) -> [String: JSONNode]? {
        guard collector.members(of: node, at: path, knownKeys: knownKeys, expected: expected) != nil else {
            return nil
        }
        return lastValues(node)
    }

    /// `JSONObject.optBoolean(name, false)`: a Boolean, or the strings `"true"` / `"false"` in any
    /// case; anything else is `false`.
    static func optBoolean(_ node: JSONNode) -> Bool {
        switch node.value {
        case .bool(let value): value
        case .string(let text): text.lowercased() == "true"
        default: false
        }
    }

    /// `JSONObject.getString(name)`: a string as is, a Boolean as `true`/`false`, an array or
    /// object as `org.json`'s compact JSON text; `nil` for what the parser rejects (number, null).
    static func getString(_ node: JSONNode) -> String? {
        if let text = node.stringValue { return text }
        var output = ""
        return write(node, to: &output) ? output : nil
    }

    /// `JSONStringer`'s text: no spaces, keys in written order, `/` escaped as `\/`.
    private static func write(_ node: JSONNode, to output: inout String) -> Bool {
        switch node.value {
        case .null, .number: return false
        case .bool(let value): output += value ? "true" : "false"
        case .string(let text): quote(text, to: &output)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                guard write(element, to: &output) else { return false }
            }
            output += "]"
        case .object(let members):
            output += "{"
            for (index, member) in members.enumerated() {
                if index > 0 { output += "," }
                quote(member.key, to: &output)
                output += ":"
                guard write(member.value, to: &output) else { return false }
            }
            output += "}"
        }
        return true
    }

    private static func quote(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"", "\\", "/": output += "\\" + String(scalar)
            case "\t": output += "\\t"
            case "\u{8}": output += "\\b"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\u{C}": output += "\\f"
            case _ where scalar.value <= 0x1F:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// Why Android's statement service cannot read the file at all (so the domain is not verified
    /// and no URL opens any app), or `nil`: a statement that is not an object, a number or `null`
    /// inside a statement, a Boolean inside an array, or a dynamic rule that is not an object
    /// (`components.getJSONObject(i)` throws).
    static func rejection(of root: JSONNode) -> String? {
        guard let statements = root.arrayValue else { return "the file is not an array of statements" }
        for (index, statement) in statements.enumerated() {
            guard statement.objectValue != nil else { return "statement \(index) is not an object" }
            if let problem = unreadable(statement, inArray: false) { return "statement \(index) holds \(problem)" }
            // `parseOneStatement` reads the rules only of a statement with a `target` object and a
            // `relation` array that is not a delegate (`include`).
            let members = lastValues(statement)
            guard members["target"]?.objectValue != nil, members["relation"]?.arrayValue != nil,
                members["include"]?.stringValue.map(\.isEmpty) ?? true
            else { continue }
            let rules = members["relation_extensions"].map(lastValues)?[AssetLinks.handleAllURLs].map(lastValues)?[
                AssetLinks.dynamicRulesKey]
            if let rules = rules?.arrayValue, let bad = rules.firstIndex(where: { $0.objectValue == nil }) {
                return "statement \(index)'s dynamic rule \(bad) is not an object"
            }
        }
        return nil
    }

    /// The first value StatementService's `JsonParser` refuses, described, or `nil`.
    private static func unreadable(_ node: JSONNode, inArray: Bool) -> String? {
        switch node.value {
        case .null: return "null"
        case .number(let text): return "the number \(text)"
        case .bool: return inArray ? "a Boolean inside an array" : nil
        case .string: return nil
        case .array(let elements):
            for element in elements {
                if let problem = unreadable(element, inArray: true) { return problem }
            }
            return nil
        case .object(let members):
            for member in members {
                if let problem = unreadable(member.value, inArray: false) { return problem }
            }
            return nil
        }
    }
}
