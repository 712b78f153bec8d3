import Foundation

/// A person who signs in to the console, as stored. Never the password (only its
/// ``PasswordHash`` form), and the TOTP secret is kept out of every description, so that a
/// logged or printed person shows neither.
package struct Person: Sendable, Hashable, CustomStringConvertible, CustomDebugStringConvertible {
    package var id: String
    /// ``EmailAddress/normalised(_:)``; one person per address.
    package var email: String
    /// ``PasswordHash`` text; `nil` for someone who signs in only through single sign-on.
    package var passwordHash: String?
    /// The TOTP secret in base32 (``TOTP/base32Secret``); `nil` when no second factor is enrolled.
    package var totpSecret: String?
    /// The last TOTP step accepted: a code is not good twice.
    package var totpLastStep: Int?
    package var createdAt: Date

    package init(
        id: String = Person.makeID(), email: String, passwordHash: String? = nil, totpSecret: String? = nil,
        totpLastStep: Int? = nil, createdAt: Date
    ) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.totpSecret = totpSecret
        self.totpLastStep = totpLastStep
        self.createdAt = createdAt
    }

    /// `p_` and 20 random letters and digits.
    package static func makeID() -> String {
        "p_" + RandomText.make(length: 20, from: RandomText.lettersAndDigits)
    }

    package var description: String {
        "Person(id: \(id), email: \(email), password: \(passwordHash == nil ? "none" : "set"), "
            + "totp: \(totpSecret == nil ? "none" : "enrolled"))"
    }

    package var debugDescription: String { description }
}
