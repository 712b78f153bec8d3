/// Why an incoming link could not be read, said so that the sender can be fixed.
///
/// Match on ``code`` (`catch let error as DeepLinkError where error.code == .emptyHost`); the set
/// of codes may grow without breaking a `switch`. ``description`` says what a valid link looks like.
public struct DeepLinkError: Error, Sendable, Hashable, CustomStringConvertible {
    private enum Reason: Sendable, Hashable {
        case notAbsolute
        case emptyHost
        case invalidPercentEncoding(component: String)
        case tooLong
        case missingPayloadKey(String)
        case invalidPayloadValue(String)
    }

    /// A stable kind of unreadable link, for matching and for logs.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// The kebab-case name, as written in logs.
        public let description: String

        private init(_ name: String) { description = name }

        /// The text is not an absolute URL (no `scheme:`).
        public static let notAbsolute = Code("not-absolute")
        /// The link has no host.
        public static let emptyHost = Code("empty-host")
        /// A `%` not followed by two hex digits, or escapes that decode to bytes that are not UTF-8.
        public static let invalidPercentEncoding = Code("invalid-percent-encoding")
        /// The link is longer than the router reads.
        public static let tooLong = Code("too-long")
        /// A push payload has no link under the key.
        public static let missingPayloadKey = Code("missing-payload-key")
        /// A push payload's value under the key is not a URL string.
        public static let invalidPayloadValue = Code("invalid-payload-value")
    }

    private let cause: Reason

    private init(_ cause: Reason) { self.cause = cause }

    /// The text is not an absolute URL (no `scheme:`).
    public static let notAbsolute = Self(.notAbsolute)

    /// `https:///x`, `example://`: a link needs a host.
    public static let emptyHost = Self(.emptyHost)

    /// A `%` not followed by two hex digits, or escapes that decode to bytes that are not UTF-8,
    /// in the named `component` of the link (`host`, `path`, `query` or `fragment`).
    public static func invalidPercentEncoding(component: String) -> Self {
        Self(.invalidPercentEncoding(component: component))
    }

    /// The link is longer than the router reads (2 GiB).
    public static let tooLong = Self(.tooLong)

    /// A push payload has no link under `key`.
    public static func missingPayloadKey(_ key: String) -> Self { Self(.missingPayloadKey(key)) }

    /// A push payload's value under `key` is not a URL string.
    public static func invalidPayloadValue(_ key: String) -> Self { Self(.invalidPayloadValue(key)) }

    /// What kind of error this is.
    public var code: Code {
        switch cause {
        case .notAbsolute: .notAbsolute
        case .emptyHost: .emptyHost
        case .invalidPercentEncoding: .invalidPercentEncoding
        case .tooLong: .tooLong
        case .missingPayloadKey: .missingPayloadKey
        case .invalidPayloadValue: .invalidPayloadValue
        }
    }

    /// What is wrong and what a valid link looks like.
    public var reason: String {
        switch cause {
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
