import LinkCore
import Mustache

/// Renders every HTML page of the server (the preview, the `404`, the `?d=1` page and the
/// console's pages) from its typed ``PageModel`` through the templates compiled into the module.
///
/// Made once when the server starts. Making it compiles every template and checks each page
/// model's ``PageModel/example`` against its template (``PageTemplateCheck``): a template that does
/// not compile, includes one that does not exist, names a value its model does not have, or is
/// drawn by no page throws a ``PageTemplateError`` and the server does not start. A visitor never
/// meets a broken page.
package struct PageRenderer: Sendable {
    /// Every page the server draws.
    package static let pages: [any PageModel.Type] = [
        PreviewPage.self, NotFoundPage.self, LinkDebugPage.self, ExpiredPage.self, PasswordPage.self,
        ConsoleSignInPage.self,
        ConsoleLinksPage.self,
        ConsoleLinkFormPage.self, ConsoleLinkPage.self, ConsoleDeleteLinkPage.self, ConsoleDomainsPage.self,
        ConsoleMessagePage.self, ConsoleWebhooksPage.self, ConsoleWebhookPage.self,
        ConsoleInvitationPage.self, ConsoleMembersPage.self, ConsoleAuditPage.self, ConsoleAccountPage.self,
    ]

    private let library: MustacheLibrary
    /// The placeholders of per-visit values in pages rendered once.
    package let placeholders = PagePlaceholders()
    /// The redirect path's pages rendered once (``response(for:status:visit:)``).
    package let spliced: SplicedPageCache

    package init(splicedPages capacity: Int = SplicedPageCache.defaultCapacity) throws(PageTemplateError) {
        spliced = SplicedPageCache(capacity: capacity)
        let texts = Dictionary(uniqueKeysWithValues: PageTemplate.allCases.map { ($0.rawValue, $0.text) })
        library = try Self.compile(texts)
        try PageTemplateCheck(templates: texts).checkAll(Self.pages)
    }

    /// The templates `texts` (by name), compiled into one library so that they can include one
    /// another.
    package static func compile(_ texts: [String: String]) throws(PageTemplateError) -> MustacheLibrary {
        var library = MustacheLibrary()
        for (name, text) in texts {
            do {
                library.register(try MustacheTemplate(string: text), named: name)
            } catch let error as MustacheTemplate.ParserError {
                throw .doesNotCompile(
                    name, line: error.context.lineNumber, column: error.context.columnNumber,
                    reason: "\(error.error)")
            } catch {
                throw .doesNotCompile(name, line: 0, column: 0, reason: "\(error)")
            }
        }
        return library
    }

    /// The page's HTML.
    package func render<Page: PageModel>(_ page: Page) -> String {
        guard let html = library.render(PageValue.of(page), withTemplate: Page.template.rawValue) else {
            preconditionFailure("\(Page.template.rawValue) is registered when the renderer is made")
        }
        return html
    }
}
