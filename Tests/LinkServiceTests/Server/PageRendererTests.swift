import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Mustache
import Testing

/// The HTML pages come from template files checked against typed page models when the renderer
/// is made: a broken template fails here and at start, never in front of a visitor.
@Suite("Page templates")
struct PageRendererTests {
    /// Every page's example, rendered (opens the existential to call the generic renderer).
    static func renderExample<Page: PageModel>(_ page: Page.Type, with renderer: PageRenderer) -> String {
        renderer.render(Page.example)
    }

    @Test("every page renders its fully-populated example as a whole document, with every tag filled")
    func everyPageRenders() throws {
        let renderer = try PageRenderer()
        #expect(PageRenderer.pages.count == 18)
        for page in PageRenderer.pages {
            let html = Self.renderExample(page, with: renderer)
            #expect(
                html.hasPrefix("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"), "\(page)")
            #expect(html.hasSuffix("</body>\n</html>\n"), "\(page)")
            #expect(!html.contains("{{"), "\(page)")
        }
    }

    @Test("the check finds each page's template and its values: every template is drawn by a page")
    func checkPassesForTheShippedTemplates() throws {
        let texts = Dictionary(uniqueKeysWithValues: PageTemplate.allCases.map { ($0.rawValue, $0.text) })
        var used: Set<String> = []
        for page in PageRenderer.pages {
            used.formUnion(try PageTemplateCheck(templates: texts).check(page))
        }
        #expect(used == Set(PageTemplate.allCases.map(\.rawValue)))
    }

    @Test("a name the model does not have is an error naming the template, the name, the model and the sections")
    func unknownName() throws {
        let check = PageTemplateCheck(templates: [
            "page": PageTemplate.page.text,
            "typo": "{{<page}}{{$body}}{{siteNam}}{{/body}}{{/page}}",
            "nested": "{{#rows}}{{visitor}} {{shortURL}} {{why}}{{/rows}}",
            "dotted": "{{rows.visitor}}",
        ])
        #expect(throws: PageTemplateError.unknownName("siteNam", template: "typo", model: "NotFoundPage", sections: []))
        {
            try check.check(template: "typo", model: "NotFoundPage", example: NotFoundPage.example)
        }
        // Inside a list, a name is looked up in the item, then outwards; neither has "why".
        #expect(
            throws: PageTemplateError.unknownName("why", template: "nested", model: "LinkDebugPage", sections: ["rows"])
        ) {
            try check.check(template: "nested", model: "LinkDebugPage", example: LinkDebugPage.example)
        }
        #expect(throws: PageTemplateError.self) {
            try check.check(template: "dotted", model: "LinkDebugPage", example: LinkDebugPage.example)
        }
        let error = PageTemplateError.unknownName("why", template: "nested", model: "LinkDebugPage", sections: ["rows"])
        #expect(error.message.contains("{{why}} inside {{#rows}}, which LinkDebugPage does not have"))
    }

    @Test("a missing partial, a list written as text, an empty example section and an unused template are errors")
    func otherMistakes() throws {
        let check = PageTemplateCheck(templates: [
            "missing": "{{>nowhere}}", "list": "{{rows}}", "empty": "{{#websiteURL}}{{.}}{{/websiteURL}}",
            "unused": "",
        ])
        #expect(throws: PageTemplateError.unknownTemplate("nowhere", includedBy: "missing")) {
            try check.check(template: "missing", model: "LinkDebugPage", example: LinkDebugPage.example)
        }
        #expect(throws: PageTemplateError.notText("rows", template: "list", model: "LinkDebugPage")) {
            try check.check(template: "list", model: "LinkDebugPage", example: LinkDebugPage.example)
        }
        #expect(throws: PageTemplateError.incompleteExample("websiteURL", template: "empty", model: "NotFoundPage")) {
            try check.check(
                template: "empty", model: "NotFoundPage", example: NotFoundPage(siteName: nil, websiteURL: nil))
        }
        let shipped = Dictionary(uniqueKeysWithValues: PageTemplate.allCases.map { ($0.rawValue, $0.text) })
        #expect(throws: PageTemplateError.unused("extra")) {
            try PageTemplateCheck(templates: shipped.merging(["extra": "<p></p>"]) { $1 }).checkAll(PageRenderer.pages)
        }
    }

    @Test("a template that is not valid Mustache is an error with its name and position")
    func doesNotCompile() throws {
        #expect {
            _ = try PageRenderer.compile(["page": "<p>\n{{#open}} never closed"])
        } throws: { error in
            guard let error = error as? PageTemplateError, error.code == .doesNotCompile else { return false }
            return error.message.contains("template page ") && error.message.contains("at line 2,")
        }
    }

    @Test("a nil inside a list item is empty, never the enclosing page's value of the same name")
    func nilDoesNotFallThrough() throws {
        struct Item { var hint: String? }
        struct Page {
            var hint: String
            var items: [Item]
        }
        let template = try MustacheTemplate(
            string: "{{#items}}[{{hint}}{{#hint}}!{{/hint}}{{^hint}}-{{/hint}}]{{/items}}")
        let page = Page(hint: "outer", items: [Item(hint: nil), Item(hint: "<b>")])
        #expect(template.render(PageValue.of(page)) == "[-][&lt;b&gt;!]")
    }

    @Test("no template writes a value unescaped: {{{…}}} and {{&…}} appear nowhere")
    func everythingEscaped() throws {
        for template in PageTemplate.allCases {
            #expect(!template.text.contains("{{{") && !template.text.contains("{{&"), "\(template.rawValue)")
        }
        let renderer = try PageRenderer()
        var page = PreviewPage.example
        page.title = #"<script>alert("x")</script>"#
        let html = renderer.render(page)
        #expect(!html.contains("<script>alert"))
        #expect(
            html.contains(#"<meta property="og:title" content="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;">"#))
    }
}
