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
}

extension Problem {
    /// The stored form of a link's `password` (`PasswordHash/make(_:)`); a `500` in the unlikely
    /// case the key derivation refuses its own parameters.
    package static func hashing(_ password: String) throws(Problem) -> String {
        do {
            return try PasswordHash.make(password)
        } catch {
            throw Problem(
                .internalServerError, .internalError, title: "Internal error",
                detail: "the password could not be hashed: \(error)")
        }
    }
}
