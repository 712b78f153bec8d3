/// The rules a person's console password must meet (the spec's "at least 12 characters"), checked
/// before it is hashed with ``PasswordHash`` (scrypt).
package enum PersonPassword {
    /// Password lengths accepted, in characters: at least 12, and at most 128 so that one sign-in
    /// attempt cannot make the key derivation read megabytes.
    package static let lengths = 12...128

    /// `password` when it meets the rules; a ``FieldError`` (`invalid-password`, field
    /// `password`) saying what is wrong otherwise.
    package static func checked(_ password: String) throws(FieldError) -> String {
        guard lengths.contains(password.count) else {
            throw FieldError(
                "password",
                "a password is \(lengths.lowerBound) to \(lengths.upperBound) characters, not \(password.count)",
                code: .invalidPassword)
        }
        guard !password.allSatisfy(\.isWhitespace) else {
            throw FieldError("password", "a password is not only spaces", code: .invalidPassword)
        }
        return password
    }
}
