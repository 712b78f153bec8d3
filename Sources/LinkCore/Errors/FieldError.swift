import DeepLinkRouting

/// A value that is not what the link service accepts: which field, what is wrong with it, and what
/// would be right.
///
/// The link service's parsers and policies (link requests, rules, variants, tags, webhook
/// endpoints, passwords) throw it; they know nothing of HTTP. The server turns it into a `400`
/// problem document in one place, with ``code`` as the problem's code and ``field`` as its
/// `field` member.
package struct FieldError: CodedError, Equatable {
    /// What kind of mistake this is; the catalogue is `ErrorCode<FieldError>`'s constants.
    package var code: ErrorCode<FieldError>
    /// The JSON path of the field at fault (`fallbacks.ios`, `rules[0].if.country`), or `nil`
    /// when the whole document is at fault (it is not JSON at all).
    package var field: String?
    /// What is wrong and what would be right, naming the value given.
    package var message: String

    /// A field at `field` whose value is wrong in the way `code` names.
    package init(_ field: String?, _ message: String, code: ErrorCode<FieldError> = .invalidField) {
        self.code = code
        self.field = field
        self.message = message
    }

    /// A request body that is not JSON; `reason` is the parser's word on where it broke.
    package static func malformedJSON(_ reason: some Error) -> FieldError {
        FieldError(nil, "the body is not JSON: \(reason)", code: .malformedJSON)
    }
}
