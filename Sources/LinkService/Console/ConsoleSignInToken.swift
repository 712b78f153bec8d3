import Hummingbird
import LinkCore

/// The sign-in form's CSRF token, before there is a session: a double-submit cookie.
///
/// The sign-in page sets a random token (256 bits) as an `HttpOnly`, `SameSite=Strict` cookie for
/// `/admin` and writes the same token into its form (the invitation page too); a sign-in is accepted only when the
/// two agree. A page of another site, a sandboxed frame included, can neither read the token nor
/// make the browser send the cookie with its `POST`, so it cannot sign a browser in with the
/// attacker's key (login CSRF). The token needs no server state and no secret shared between
/// instances: any instance behind one database accepts a form another one served.
package enum ConsoleSignInToken {
    package static let cookieName = "wayfinder_console_sign_in"
    package static let length = 43

    /// The token of the request's sign-in cookie, when it has a well-formed one.
    package static func current(in request: Request) -> String? {
        guard let value = request.cookies[cookieName]?.value, value.utf8.count == length,
            value.utf8.allSatisfy({ RandomText.lettersAndDigits.contains($0) })
        else { return nil }
        return value
    }

    /// A new token.
    package static func make() -> String {
        RandomText.make(length: length, from: RandomText.lettersAndDigits)
    }

    /// The cookie that carries `token`: `HttpOnly`, `SameSite=Strict`, for `/admin` (the sign-in and
    /// invitation forms),
    /// `Secure` over TLS, forgotten when the browser closes.
    package static func cookie(_ token: String, secure: Bool) -> Cookie {
        Cookie(
            name: cookieName, value: token, path: "/admin", secure: secure, httpOnly: true, sameSite: .strict)
    }

    /// Whether the form's `submitted` token is the one of the request's cookie (in constant time).
    package static func isValid(_ submitted: String?, for request: Request) -> Bool {
        guard let expected = current(in: request) else { return false }
        return ConsoleSessions.isSameToken(submitted, expected)
    }
}
