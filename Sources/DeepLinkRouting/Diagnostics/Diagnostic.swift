/// One finding about a document: what is wrong (or suspicious), where, and what would be right.
///
/// Codes are stable: scripts and CI checks may match on them. Messages are for people and may
/// improve between releases.
public struct Diagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How much a finding matters.
    public enum Severity: String, Sendable, Hashable, Codable, Comparable {
        /// The document cannot be used as it is.
        case error
        /// The document works, but probably not as its author meant.
        case warning

        /// Errors sort before warnings, so sorted output leads with what must be fixed.
        public static func < (lhs: Severity, rhs: Severity) -> Bool {
            lhs == .error && rhs == .warning
        }
    }

    /// Whether the document is unusable (``Severity/error``) or only suspicious (``Severity/warning``).
    public var severity: Severity
    /// A stable, kebab-case identifier such as `invalid-app-id`.
    public var code: String
    /// Where in the document.
    public var path: JSONPath
    /// What is wrong, in one sentence.
    public var message: String
    /// What would be right, when there is more to say than the message does.
    public var hint: String?
    /// Where in the source text, when the document was read from text.
    public var location: SourceLocation?

    /// A finding; tools that check documents of their own report through the same type so that
    /// output and exit codes stay uniform.
    public init(
        _ severity: Severity, code: String, path: JSONPath, message: String, hint: String? = nil,
        location: SourceLocation? = nil
    ) {
        self.severity = severity
        self.code = code
        self.path = path
        self.message = message
        self.hint = hint
        self.location = location
    }

    /// `error: routes[2].paths[0]: "/story/{id" has an unclosed "{" at offset 7 [pattern-unclosed-brace]`
    public var description: String {
        var text = "\(severity.rawValue): \(path): \(message) [\(code)]"
        if let hint { text += "\n  hint: \(hint)" }
        return text
    }

    /// The diagnostic as one JSON object with stable keys, for `--json` output.
    package var jsonNode: JSONNode {
        var members: [JSONNode.Member] = [
            .init(key: "severity", value: .init(.string(severity.rawValue))),
            .init(key: "code", value: .init(.string(code))),
            .init(key: "path", value: .init(.string(path.description))),
            .init(key: "message", value: .init(.string(message))),
        ]
        if let hint { members.append(.init(key: "hint", value: .init(.string(hint)))) }
        if let location, location != .unknown {
            members.append(.init(key: "line", value: .init(.number(String(location.line)))))
            members.append(.init(key: "column", value: .init(.number(String(location.column)))))
        }
        return JSONNode(.object(members))
    }
}

extension Array where Element == Diagnostic {
    /// Whether any finding is an error.
    public var containsErrors: Bool { contains { $0.severity == .error } }
}
