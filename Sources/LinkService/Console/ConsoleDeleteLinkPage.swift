import LinkCore

/// "Delete this link?" (`console-delete-link.mustache`): the form that deletes it, with the
/// session's CSRF token.
package struct ConsoleDeleteLinkPage: PageModel {
    package static let template = PageTemplate.consoleDeleteLink

    package var layout: ConsoleLayout
    package var slug: String
    package var shortURL: String

    package static let example = ConsoleDeleteLinkPage(
        layout: .example, slug: "spring", shortURL: "https://go.example.com/spring")
}

extension ConsoleDeleteLinkPage {
    package init(layout: ConsoleLayout, link: Link) {
        self.init(layout: layout, slug: link.slug, shortURL: link.shortURL)
    }
}
