import Mustache

/// Renders the redirect path's HTML pages from their compiled templates.
struct PageRenderer: Sendable {
    private let preview: MustacheTemplate
    private let notFound: MustacheTemplate

    init() throws {
        preview = try MustacheTemplate(string: PageTemplates.preview)
        notFound = try MustacheTemplate(string: PageTemplates.notFound)
    }

    func render(_ page: PreviewPage) -> String {
        preview.render(page.mustacheContext)
    }

    func renderNotFound(siteName: String?, websiteURL: String?) -> String {
        var context: [String: Any] = [:]
        context["siteName"] = siteName
        context["websiteURL"] = websiteURL
        return notFound.render(context)
    }
}
