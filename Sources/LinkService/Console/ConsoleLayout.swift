/// What every console page shows around its content (`console-layout.mustache`): the window
/// title, the signed-in bar and a notice.
struct ConsoleLayout: Sendable {
    /// The signed-in bar: the tenant, the navigation, and "Sign out" with the session's CSRF token.
    struct Session: Sendable {
        var tenant: String
        /// The session's CSRF token, for every form of the page.
        var csrf: String
        /// Whether the page is under "Links" in the navigation.
        var onLinks = false
        /// Whether the page is under "Domains" in the navigation.
        var onDomains = false
        /// Whether the page is under "Webhooks" in the navigation.
        var onWebhooks = false
    }

    /// The page's name in the window title.
    var title: String
    /// `nil` when nobody is signed in (the sign-in page, problem pages).
    var session: Session? = nil
    /// The message of a `?done=` code (``Console/notice(_:)``).
    var notice: String? = nil

    static let example = ConsoleLayout(
        title: "Links",
        session: Session(tenant: "stories", csrf: "token", onLinks: true, onDomains: true, onWebhooks: true),
        notice: "The link is ready.")
}

extension ConsoleLayout {
    /// The part of the console a page belongs to, marked in the navigation.
    enum Section: Sendable {
        case links
        case domains
        case webhooks
    }
}

extension ConsoleLayout.Session {
    init(tenant: String, csrf: String, section: ConsoleLayout.Section) {
        self.init(
            tenant: tenant, csrf: csrf, onLinks: section == .links, onDomains: section == .domains,
            onWebhooks: section == .webhooks)
    }
}
