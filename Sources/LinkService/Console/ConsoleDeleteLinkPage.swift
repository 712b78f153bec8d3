/// "Delete this link?" (`console-delete-link.mustache`): the form that deletes it, with the
/// session's CSRF token.
struct ConsoleDeleteLinkPage: PageModel {
    static let template = PageTemplate.consoleDeleteLink

    var layout: ConsoleLayout
    var slug: String
    var shortURL: String

    static let example = ConsoleDeleteLinkPage(
        layout: .example, slug: "spring", shortURL: "https://go.example.com/spring")
}

extension ConsoleDeleteLinkPage {
    init(layout: ConsoleLayout, link: Link) {
        self.init(layout: layout, slug: link.slug, shortURL: link.shortURL)
    }
}
