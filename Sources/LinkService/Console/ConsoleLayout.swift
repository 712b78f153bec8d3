import LinkCore

/// What every console page shows around its content (`console-layout.mustache`): the window
/// title, the signed-in bar and a notice.
package struct ConsoleLayout: Sendable {
    /// The signed-in bar: who is signed in for which tenant, the navigation (only the parts the
    /// actor may use), the tenant switcher, and "Sign out" with the session's CSRF token.
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
        /// Whether the page is under "Members" in the navigation.
        package var onMembers = false
        /// Whether the page is under "Audit log" in the navigation.
        package var onAudit = false
        /// Whether the page is the person's own account page.
        package var onAccount = false
        /// Who is signed in: the person's email, or the key's prefix.
        package var who = ""
        /// The actor's role, for a person.
        package var role: String? = nil
        /// Whether ``who`` links to the account page (`/admin/account`): a person's session.
        package var hasAccount = false
        /// What the actor may do, for the navigation and the pages' buttons: what it may not do
        /// is not shown (and the server refuses it anyway).
        package var mayCreateLinks = true
        package var mayChangeLinks = true
        package var mayChangeDomains = true
        package var mayChangeWebhooks = true
        package var mayChangeMembers = false
        package var mayReadAudit = false
        /// The person's other tenants, for the switcher; empty when there is none to switch to.
        package var otherTenants: [String] = []
        package var hasOtherTenants = false
    }

    /// The page's name in the window title.
    package var title: String
    /// `nil` when nobody is signed in (the sign-in page, problem pages).
    package var session: Session? = nil
    /// The message of a `?done=` code (``Console/notice(_:)``).
    package var notice: String? = nil

    package static let example = ConsoleLayout(
        title: "Links",
        session: Session(
            tenant: "stories", csrf: "token", onLinks: true, onDomains: true, onWebhooks: true, onMembers: true,
            onAudit: true, onAccount: true, who: "ada@example.com", role: "owner", hasAccount: true,
            mayChangeMembers: true, mayReadAudit: true,
            otherTenants: ["news"], hasOtherTenants: true),
        notice: "The link is ready.")
}

extension ConsoleLayout {
    /// The part of the console a page belongs to, marked in the navigation.
    package enum Section: Sendable {
        case links
        case domains
        case webhooks
        case members
        case audit
        /// The signed-in person's account page (reached from their email in the top bar).
        case account
    }
}

extension ConsoleLayout.Session {
    /// The bar of `signedIn`'s session, marking `section` (none for a page of no section).
    package init(_ signedIn: ConsoleSessions.SignedIn, section: ConsoleLayout.Section?) {
        self.init(tenant: signedIn.tenant.id, csrf: signedIn.session.csrfToken)
        onLinks = section == .links
        onDomains = section == .domains
        onWebhooks = section == .webhooks
        onMembers = section == .members
        onAudit = section == .audit
        onAccount = section == .account
        switch signedIn.actor.credential {
        case .key(let prefix, _): who = prefix
        case .person(let email, let role):
            who = email
            self.role = role.rawValue
            hasAccount = true
        }
        mayCreateLinks = signedIn.may(.createLinks)
        mayChangeLinks = signedIn.may(.changeLinks)
        mayChangeDomains = signedIn.may(.changeDomains)
        mayChangeWebhooks = signedIn.may(.changeWebhooks)
        mayChangeMembers = signedIn.may(.changeMembers)
        mayReadAudit = signedIn.may(.readAudit)
        otherTenants = signedIn.memberships.map(\.tenant).filter { $0 != signedIn.tenant.id }
        hasOtherTenants = !otherTenants.isEmpty
    }
}
