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
