import HTTPTypes
import LinkCore

extension PasswordChecks {
    /// The stored form of a link's new `password` (`PasswordHash.make(_:)`), made on `checks`'
    /// workers like a visitor's check, so that API calls setting passwords cannot take the request
    /// threads either; on the calling thread when there are no workers (a tool, a test). A full
    /// queue is `503` (`busy`) with `Retry-After`.
    package static func hash(_ password: String, on checks: PasswordChecks?) async throws(Problem) -> String {
        guard let checks else { return try Problem.hashing(password) }
        let hashed: Result<String, Problem>
        do throws(Busy) {
            hashed = try await checks.run { () -> Result<String, Problem> in
                do throws(Problem) {
                    return .success(try Problem.hashing(password))
                } catch {
                    return .failure(error)
                }
            }
        } catch {
            throw Problem(
                .serviceUnavailable, .busy, title: "The server is busy",
                detail: "every password worker is busy and the queue is full; retry in \(error.retryAfter) s",
                field: "password", retryAfter: error.retryAfter)
        }
        return try hashed.get()
    }
}
