import HTTPTypes
import LinkCore

extension PasswordChecks {
    /// The stored form of a link's new `password` (`PasswordHash.make(_:)`), made on `checks`'
    /// workers like a visitor's check, so that API calls setting passwords cannot take the request
    /// threads either; on the calling thread when there are no workers (a tool, a test). A full
    /// queue is `503` (`busy`) with `Retry-After`.
    package static func hash(_ password: String, on checks: PasswordChecks?) async throws(Problem) -> String {
        let make = { @Sendable () -> Result<String, any Error> in Result { try PasswordHash.make(password) } }
        let hashed: Result<String, any Error>
        if let checks {
            do throws(Busy) {
                hashed = try await checks.run(make)
            } catch {
                throw Problem(
                    .serviceUnavailable, .busy, title: "The server is busy",
                    detail: "every password worker is busy and the queue is full; retry in \(error.retryAfter) s",
                    field: "password", retryAfter: error.retryAfter)
            }
        } else {
            hashed = make()
        }
        do {
            return try hashed.get()
        } catch {
            // Only for parameters the key derivation cannot take, never for a password.
            throw Problem(
                .internalServerError, .internalError, title: "Internal error",
                detail: "the password could not be hashed: \(error)")
        }
    }
}
