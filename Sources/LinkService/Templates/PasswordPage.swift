import LinkCore

/// The form of a password-protected link (`password.mustache`), in the preview page's look:
/// field "Password", button "Open", and "Wrong password" after a wrong one. Crawlers get it too:
/// it names the link's social title, never its destination. `noindex`.
package struct PasswordPage: NoncePage, Hashable {
    package static let template = PageTemplate.password

    package var siteName: String
    /// The link's social title, when it has one.
    package var title: String?
    package var shortURL: String
    /// Where the form posts: the visited path.
    package var action: String
    /// The double-submit CSRF token of the form (also in the `wf_csrf` cookie).
    package var csrf: String
    package var error: String?
    package var initial: String
    package var iconURL: String?
    package var nonce = ""

    /// The form posts to the link's own URL.
    package static var submitsForms: Bool { true }
    /// Browsers hold every redirect after a form's submission to `form-action`: the right
    /// password's `302` back to the link is followed by the link's own redirect to its destination
    /// (https: the website, a tenant domain, a store), which `'self'` alone would block in Chromium.
    package static var formActionSources: String { "'self' https:" }

    package static let example = PasswordPage(
        siteName: "Stories", title: "Members' preview", shortURL: "https://go.example.com/members",
        action: "/members", csrf: "token", error: "Wrong password", initial: "S",
        iconURL: "https://www.example.com/icon.png")
}
