/// Why an incoming link could not be read, said so that the sender can be fixed.
///
/// Match on ``code`` (`catch let error as DeepLinkError where error.code == .emptyHost`); the set
/// of codes may grow without breaking a `switch`. ``message`` says what a valid link looks like.
public struct DeepLinkError: CodedError, Hashable {
    /// A stable kind of unreadable link, for matching and for logs.
    public typealias Code = ErrorCode<DeepLinkError>

    public let code: Code
    public let message: String

    /// What is wrong and what a valid link looks like (the ``message``).
    public var reason: String { message }

    /// The text is not an absolute URL (no `scheme:`).
    public static let notAbsolute = Self(
        code: .notAbsolute,
        message:
            "not an absolute URL; a link starts with a scheme, such as https://example.com/story/42 or example://open/42"
    )

    /// `https:///x`, `example://`: a link needs a host.
    public static let emptyHost = Self(
        code: .emptyHost,
        message: "the link has no host; write one after \"//\", such as https://example.com/… or example://open/…")

    /// A `%` not followed by two hex digits, or escapes that decode to bytes that are not UTF-8,
    /// in the named `component` of the link (`host`, `path`, `query` or `fragment`).
    public static func invalidPercentEncoding(component: String) -> Self {
        Self(
            code: .invalidPercentEncoding,
            message:
                "the \(component) has an invalid percent escape; \"%\" must be followed by two hexadecimal digits and the bytes must be UTF-8"
        )
    }

    /// The link is longer than the router reads (2 GiB).
    public static let tooLong = Self(code: .tooLong, message: "the link is too long to read")

    /// A push payload has no link under `key`.
    public static func missingPayloadKey(_ key: String) -> Self {
        Self(code: .missingPayloadKey, message: "the notification has no \"\(key)\" value")
    }

    /// A push payload's value under `key` is not a URL string.
    public static func invalidPayloadValue(_ key: String) -> Self {
        Self(code: .invalidPayloadValue, message: "the notification's \"\(key)\" value is not a URL string")
    }
}

extension ErrorCode where Owner == DeepLinkError {
    /// The text is not an absolute URL (no `scheme:`).
    public static let notAbsolute = Self("not-absolute")
    /// The link has no host.
    public static let emptyHost = Self("empty-host")
    /// A `%` not followed by two hex digits, or escapes that decode to bytes that are not UTF-8.
    public static let invalidPercentEncoding = Self("invalid-percent-encoding")
    /// The link is longer than the router reads.
    public static let tooLong = Self("too-long")
    /// A push payload has no link under the key.
    public static let missingPayloadKey = Self("missing-payload-key")
    /// A push payload's value under the key is not a URL string.
    public static let invalidPayloadValue = Self("invalid-payload-value")
}
