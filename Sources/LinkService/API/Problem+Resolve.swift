import HTTPTypes
import LinkCore

extension Problem {
    /// The resolve call for a password-protected link: `401`, and nothing of the link. The app
    /// opens the short URL in a browser, whose visit shows the password form.
    package static func passwordRequired(_ shortURL: String) -> Problem {
        Problem(
            .unauthorized, .passwordRequired, title: "The link asks for a password",
            detail: "\(shortURL) is protected by a password: open it in a browser, which asks for the password",
            field: "url")
    }

    /// The resolve call for an expired link without an `expiredURL`: `410`, as its visit is.
    package static func linkExpired(_ shortURL: String) -> Problem {
        Problem(
            .gone, .linkExpired, title: "The link has expired",
            detail: "\(shortURL) has expired and names no expiredURL: open it in a browser, which says so",
            field: "url")
    }
}
