import LinkCore

/// The template files compiled into the module (`Templates/Resources`), by the name templates
/// include one another with (`{{<page}}`, `{{>noindex}}`, `{{>preview.css}}`).
///
/// The files are embedded at build time, like the OpenAPI document: the binary reads no file to
/// draw a page.
package enum PageTemplate: String, CaseIterable, Sendable {
    /// The document every page is: `<head>` and `<body>` to fill.
    case page
    /// The head lines of the pages search engines should not list.
    case noindex
    case preview
    case previewStyle = "preview.css"
    case previewScript = "preview.js"
    case notFound = "not-found"
    case linkDebug = "link-debug"
    /// ``SimulationTable``: included by the console's link page and the `?d=1` page.
    case simulation
    case expired
    case password
    /// The frame of every console page.
    case consoleLayout = "console-layout"
    case consoleSignIn = "console-sign-in"
    case consoleLinks = "console-links"
    case consoleLinkForm = "console-link-form"
    case consoleLink = "console-link"
    case consoleDeleteLink = "console-delete-link"
    case consoleDomains = "console-domains"
    case consoleMessage = "console-message"
    case consoleWebhooks = "console-webhooks"
    case consoleWebhook = "console-webhook"
    case consoleInvitation = "console-invitation"
    case consoleMembers = "console-members"
    case consoleAudit = "console-audit"
    case consoleAccount = "console-account"

    /// The file's text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    private var bytes: [UInt8] {
        switch self {
        case .page: PackageResources.page_mustache
        case .noindex: PackageResources.noindex_mustache
        case .preview: PackageResources.preview_mustache
        case .previewStyle: PackageResources.preview_css
        case .previewScript: PackageResources.preview_js
        case .notFound: PackageResources.not_found_mustache
        case .linkDebug: PackageResources.link_debug_mustache
        case .simulation: PackageResources.simulation_mustache
        case .expired: PackageResources.expired_mustache
        case .password: PackageResources.password_mustache
        case .consoleLayout: PackageResources.console_layout_mustache
        case .consoleSignIn: PackageResources.console_sign_in_mustache
        case .consoleLinks: PackageResources.console_links_mustache
        case .consoleLinkForm: PackageResources.console_link_form_mustache
        case .consoleLink: PackageResources.console_link_mustache
        case .consoleDeleteLink: PackageResources.console_delete_link_mustache
        case .consoleDomains: PackageResources.console_domains_mustache
        case .consoleMessage: PackageResources.console_message_mustache
        case .consoleWebhooks: PackageResources.console_webhooks_mustache
        case .consoleWebhook: PackageResources.console_webhook_mustache
        case .consoleInvitation: PackageResources.console_invitation_mustache
        case .consoleMembers: PackageResources.console_members_mustache
        case .consoleAudit: PackageResources.console_audit_mustache
        case .consoleAccount: PackageResources.console_account_mustache
        }
    }
}
