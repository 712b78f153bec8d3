import HTTPTypes
import LinkCore

extension PasswordChecks {
    /// The stored form of a person's new `password`, after ``PersonPassword/checked(_:)``
    /// (`400` `invalid-password` when it is too short), hashed on the password workers like a
    /// link's (``hash(_:on:)``): never on a request thread.
    package static func hashPersonPassword(_ password: String, on checks: PasswordChecks?) async throws(Problem)
        -> String
    {
        let accepted: String
        do {
            accepted = try PersonPassword.checked(password)
        } catch {
            throw Problem(error)
        }
        return try await hash(accepted, on: checks)
    }
}

extension PasswordChecks {
    /// Whether `password` is a person's, whose stored hash is `stored`, checked on the workers
    /// (on the calling thread when there are none). With no stored hash (no such person, or one
    /// who signs in only through single sign-on) a hash nobody's password matches is checked
    /// instead, so that the time taken does not tell which emails have a password here.
    package static func verifyPersonPassword(_ password: String, against stored: String?, on checks: PasswordChecks?)
        async throws(Problem) -> Bool
    {
        let hash = stored ?? unmatchable
        guard PersonPassword.lengths.contains(password.count) else { return false }
        guard let checks else { return PasswordHash.verify(password, against: hash) && stored != nil }
        do throws(Busy) {
            return try await checks.verify(password, against: hash) && stored != nil
        } catch {
            throw Problem(
                .serviceUnavailable, .busy, title: "The server is busy",
                detail: "every password worker is busy and the queue is full; retry in \(error.retryAfter) s",
                retryAfter: error.retryAfter)
        }
    }

    /// A hash of a random password nobody knows (made once, when first needed).
    private static let unmatchable: String =
        (try? PasswordHash.make(RandomText.make(length: 40, from: RandomText.lettersAndDigits))) ?? ""
}
