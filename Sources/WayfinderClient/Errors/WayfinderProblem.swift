/// An RFC 9457 problem document: why the link service refused a call.
///
/// The service names every refusal with a stable code (``code``, such as `insufficient-scope`,
/// `claim-used` or `rate-limited`) and, for bad input, the field at fault (``field``, a JSON path
/// such as `events[3].currency`). Codes are never renamed, and new ones may be added: match on the
/// ones you handle and show ``detail`` for the rest. The generated client decodes the service's
/// `Problem` schema into this type (the generator settings' `typeOverrides`), so a code added to
/// the service after the app was built still reads.
public struct WayfinderProblem: Codable, Hashable, Sendable, CustomStringConvertible {
    /// `urn:wayfinder:problem:<code>`.
    public var type: String
    /// A short summary of the kind of problem.
    public var title: String
    /// The HTTP status of the answer.
    public var status: Int
    /// What was wrong and what would be right.
    public var detail: String
    /// The JSON path of the request field at fault (`fallbacks.ios`), or the query item or header
    /// name; `nil` when no single field is.
    public var field: String?

    /// The prefix of every Wayfinder problem type.
    public static let typePrefix = "urn:wayfinder:problem:"

    public init(type: String, title: String, status: Int, detail: String, field: String? = nil) {
        self.type = type
        self.title = title
        self.status = status
        self.detail = detail
        self.field = field
    }

    /// The problem's code: `insufficient-scope` for `urn:wayfinder:problem:insufficient-scope`
    /// (a type of another form is returned whole).
    public var code: String {
        type.hasPrefix(Self.typePrefix) ? String(type.dropFirst(Self.typePrefix.count)) : type
    }

    public var description: String {
        "\(code) (\(status))\(field.map { " at \($0)" } ?? ""): \(detail)"
    }
}
