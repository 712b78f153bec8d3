import LinkCore

/// What every console page shows around its content (`console-layout.mustache`): the window
/// title, the signed-in bar and a notice.
package struct ConsoleLayout: Sendable {
    /// The signed-in bar: the tenant, the navigation, and "Sign out" with the session's CSRF token.
    package struct Session: Sendable {
        package var tenant: String
        /// The session's CSRF token, for every form of the page.
        package var csrf: String
        /// Whether the page is under "Links" in the navigation.
        package var onLinks = false
        /// Whether the page is under "Domains" in the navigation.
        package var onDomains = false
        /// Whether the page is under "Webhooks" in the navigation.
        package var onWebhooks = false
    }

    /// The page's name in the window title.
    package var title: String
    /// `nil` when nobody is signed in (the sign-in page, problem pages).
    package var session: Session? = nil
    /// The message of a `?done=` code (``Console/notice(_:)``).
    package var notice: String? = nil

    package static let example = ConsoleLayout(
        title: "Links",
        session: Session(tenant: "stories", csrf: "token", onLinks: true, onDomains: true, onWebhooks: true),
        notice: "The link is ready.")
}

extension ConsoleLayout {
    /// The part of the console a page belongs to, marked in the navigation.
    package enum Section: Sendable {
        case links
        case domains
        case webhooks
    }
}

extension ConsoleLayout.Session {
    /// The bar of `tenant`'s session, marking `section` (none for a page of no section).
    package init(tenant: String, csrf: String, section: ConsoleLayout.Section?) {
        self.init(
            tenant: tenant, csrf: csrf, onLinks: section == .links, onDomains: section == .domains,
            onWebhooks: section == .webhooks)
    }
}
