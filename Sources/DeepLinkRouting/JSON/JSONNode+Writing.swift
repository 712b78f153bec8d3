extension JSONNode {
    /// How ``JSONNode/jsonText(style:)`` lays out its output; the public name is
    /// ``JSONWritingStyle``, since generated files are written through public API.
    package typealias WritingStyle = JSONWritingStyle

    /// The JSON text of this value. Members keep their order; `/` is not escaped (AASA keys are
    /// paths such as `"/"`, and `"\/"` reads badly).
    package func jsonText(style: WritingStyle = .pretty) -> String {
        var output = ""
        write(to: &output, style: style, indent: 0)
        return output
    }

    private func write(to output: inout String, style: WritingStyle, indent: Int) {
        switch value {
        case .null: output += "null"
        case .bool(let bool): output += bool ? "true" : "false"
        case .number(let text): output += text
        case .string(let string): JSONNode.writeString(string, to: &output)
        case .array(let elements):
            writeContainer(elements, open: "[", close: "]", to: &output, style: style, indent: indent) {
                element, output, indent in
                element.write(to: &output, style: style, indent: indent)
            }
        case .object(let members):
            writeContainer(members, open: "{", close: "}", to: &output, style: style, indent: indent) {
                member, output, indent in
                JSONNode.writeString(member.key, to: &output)
                output += style == .pretty ? ": " : ":"
                member.value.write(to: &output, style: style, indent: indent)
            }
        }
    }

    private func writeContainer<Element>(
        _ elements: [Element], open: String, close: String, to output: inout String,
        style: WritingStyle, indent: Int, writeElement: (Element, inout String, Int) -> Void
    ) {
        output += open
        guard !elements.isEmpty else {
            output += close
            return
        }
        for (index, element) in elements.enumerated() {
            if index > 0 { output += "," }
            if style == .pretty {
                output += "\n" + String(repeating: "  ", count: indent + 1)
            }
            writeElement(element, &output, indent + 1)
        }
        if style == .pretty {
            output += "\n" + String(repeating: "  ", count: indent)
        }
        output += close
    }

    /// Whether `string` is written into a JSON string literal as it is, with no escape. 0xE2
    /// leads U+2028 and U+2029 (and other characters), which ``writeString(_:to:)`` looks at
    /// scalar by scalar.
    package static func needsNoEscape(_ string: String) -> Bool {
        !string.utf8.contains { $0 < 0x20 || $0 == 0x22 || $0 == 0x5C || $0 == 0x7F || $0 == 0xE2 }
    }

    /// Writes `string` as a JSON string literal.
    package static func writeString(_ string: String, to output: inout String) {
        output += "\""
        // Most strings need no escape: one pass over the bytes, then one append.
        if needsNoEscape(string) {
            output += string
            output += "\""
            return
        }
        for scalar in string.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case "\u{00}"..."\u{1F}", "\u{7F}", "\u{2028}", "\u{2029}":
                let hex = String(scalar.value, radix: 16, uppercase: true)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }
}

extension JSONNode: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByNilLiteral
{
    package init(stringLiteral value: String) { self.init(.string(value)) }
    package init(booleanLiteral value: Bool) { self.init(.bool(value)) }
    package init(integerLiteral value: Int) { self.init(.number(String(value))) }
    package init(arrayLiteral elements: JSONNode...) { self.init(.array(elements)) }
    package init(nilLiteral: ()) { self.init(.null) }
    /// An object with these members in the order written; this is how generated files keep a
    /// readable key order. (`JSONNode.Value` would clash with the dictionary-literal protocol's
    /// `Value`, hence a function rather than a literal.)
    package static func object(_ members: KeyValuePairs<String, JSONNode>) -> JSONNode {
        JSONNode(.object(members.map { Member(key: $0.key, value: $0.value) }))
    }
}
