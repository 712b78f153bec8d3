import Mustache

/// Renders the redirect path's HTML pages from their compiled templates.
struct PageRenderer: Sendable {
    private let preview: MustacheTemplate
    private let notFound: MustacheTemplate

    init() throws {
        preview = try MustacheTemplate(string: PageTemplates.preview)
        notFound = try MustacheTemplate(string: PageTemplates.notFound)
    }

    /// The preview page; `nonce` marks its inline style and script for the Content-Security-Policy
    /// (see ``response(for:)``).
    func render(_ page: PreviewPage, nonce: String = "") -> String {
        var context = page.mustacheContext
        context["nonce"] = nonce
        return preview.render(context)
    }

    func renderNotFound(siteName: String?, websiteURL: String?, nonce: String = "") -> String {
        var context: [String: Any] = ["nonce": nonce]
        context["siteName"] = siteName
        context["websiteURL"] = websiteURL
        return notFound.render(context)
    }
}
