/// Why an incoming link could not be read, said so that the sender can be fixed.
public struct DeepLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The kinds of problem.
    public enum Kind: Sendable, Hashable {
        /// The text is not an absolute URL (no `scheme:`).
        case notAbsolute
        /// `https:///x`, `example://`: a link needs a host.
        case emptyHost
        /// A `%` not followed by two hex digits, or escapes that decode to bytes that are not UTF-8.
        case invalidPercentEncoding(component: String)
        /// The link is longer than the router reads (2 GiB).
        case tooLong
        /// A push payload has no link under the key.
        case missingPayloadKey(String)
        /// A push payload's value under the key is not a URL string.
        case invalidPayloadValue(String)
    }

    /// What is wrong.
    public var kind: Kind

    /// An error of this kind.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// What is wrong and what a valid link looks like.
    public var reason: String {
        switch kind {
        case .notAbsolute:
            "not an absolute URL; a link starts with a scheme, such as https://example.com/story/42 or example://open/42"
        case .emptyHost:
            "the link has no host; write one after \"//\", such as https://example.com/… or example://open/…"
        case .invalidPercentEncoding(let component):
            "the \(component) has an invalid percent escape; \"%\" must be followed by two hexadecimal digits and the bytes must be UTF-8"
        case .tooLong: "the link is too long to read"
        case .missingPayloadKey(let key): "the notification has no \"\(key)\" value"
        case .invalidPayloadValue(let key): "the notification's \"\(key)\" value is not a URL string"
        }
    }

    /// The ``reason``.
    public var description: String { reason }
}
