import Foundation

/// The web page that shows a route's content, written in the manifest as a URL with the route's
/// parameters in braces: `"web": "https://acme.example/story/{storyId}"`.
///
/// Desktop visitors of a link to the route go there (the link server fills in the parameters of
/// the matched link). A template is an absolute http(s) URL whose placeholders are each one of
/// the route's parameters (path parameters or declared query items); values are percent-encoded
/// as one path segment when filled in.
public struct WebPageTemplate: Sendable, Hashable, CustomStringConvertible {
    /// The text as written.
    public let text: String
    private let pieces: [Piece]

    private enum Piece: Sendable, Hashable {
        case literal(String)
        case parameter(String)
    }

    /// The names of the placeholders, in order.
    public var parameterNames: [String] {
        pieces.compactMap { piece in
            if case .parameter(let name) = piece { return name }
            return nil
        }
    }

    public var description: String { text }

    /// Parses `text`; the error says what is wrong.
    public init(parsing text: String) throws(TemplateError) {
        var pieces: [Piece] = []
        var literal = ""
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            if character == "}" {
                throw TemplateError(
                    code: "invalid-route-web", message: "\"\(text)\" has a \"}\" without a \"{\" before it")
            }
            guard character == "{" else {
                literal.append(character)
                index = text.index(after: index)
                continue
            }
            guard let close = text[index...].firstIndex(of: "}") else {
                throw TemplateError(code: "invalid-route-web", message: "\"\(text)\" has an unclosed \"{\"")
            }
            let name = String(text[text.index(after: index)..<close])
            guard RoutePattern.isIdentifier(name) else {
                throw TemplateError(
                    code: "invalid-route-web",
                    message:
                        "\"{\(name)}\" in \"\(text)\" is not a parameter name; write the name of one of the route's parameters, such as {storyId}"
                )
            }
            if !literal.isEmpty { pieces.append(.literal(literal)) }
            literal = ""
            pieces.append(.parameter(name))
            index = text.index(after: close)
        }
        if !literal.isEmpty { pieces.append(.literal(literal)) }
        // The URL must be absolute http(s) with a host before any placeholder.
        let head = pieces.first.flatMap { piece -> String? in
            if case .literal(let text) = piece { return text }
            return nil
        }
        let lowered = head?.lowercased() ?? ""
        guard lowered.hasPrefix("https://") || lowered.hasPrefix("http://"), let head,
            let host = Self.host(of: head), HostName.problem(with: host) == nil
        else {
            throw TemplateError(
                code: "invalid-route-web",
                message:
                    "\"\(text)\" is not a web address; expected an absolute http or https URL with a host, such as \"https://www.example.com/story/{storyId}\""
            )
        }
        self.text = text
        self.pieces = pieces
    }

    /// Why a template cannot be read: a stable diagnostic code and a message.
    public struct TemplateError: Error, Sendable, Hashable, CustomStringConvertible {
        public let code: String
        public let message: String
        public var description: String { message }
    }

    private static func host(of head: String) -> String? {
        guard let range = head.range(of: "://") else { return nil }
        let rest = head[range.upperBound...]
        let host = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" && $0 != "{" }
        return host.isEmpty ? nil : String(host)
    }

    /// The URL for these parameter values, or `nil` when a placeholder has no value.
    public func url(parameters: [String: String]) -> String? {
        var result = ""
        for piece in pieces {
            switch piece {
            case .literal(let text): result += text
            case .parameter(let name):
                guard let value = parameters[name], !value.isEmpty else { return nil }
                result += PercentDecoding.encodeSegment(value)
            }
        }
        return result
    }
}
