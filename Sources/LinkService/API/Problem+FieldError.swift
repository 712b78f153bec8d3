import DeepLinkRouting
import HTTPTypes
import LinkCore

extension Problem {
    /// The `400` problem document of a value the domain refused: its code, its field and its
    /// message as the detail. The one place a `FieldError` becomes HTTP.
    package init(_ error: FieldError) {
        self.init(
            .badRequest, ErrorCode(error.code),
            title: error.code == .malformedJSON ? "The body is not JSON" : "A field of the request is not valid",
            detail: error.message, field: error.field)
    }

    /// `body`'s value, a `FieldError` it throws answered as that `400` problem document: for the
    /// server's code that calls the domain's parsers and policies from a `throws(Problem)` path.
    package static func checking<Value>(_ body: () throws(FieldError) -> Value) throws(Problem) -> Value {
        do {
            return try body()
        } catch {
            throw Problem(error)
        }
    }
}
