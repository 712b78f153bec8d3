import Mustache

/// Renders the console's pages (``ConsoleTemplates``) from one compiled library: each page
/// template extends the layout.
struct ConsoleRenderer: Sendable {
    private let library: MustacheLibrary

    init() throws {
        var library = MustacheLibrary()
        for (name, text) in ConsoleTemplates.all {
            try library.register(text, named: name)
        }
        self.library = library
    }

    /// The page `template` with `context`; the layout's values (`pageTitle`, `signedIn`, …) are in
    /// `context` too.
    func render(_ template: String, _ context: [String: Any]) -> String {
        library.render(context, withTemplate: template) ?? ""
    }

    /// A value for a section that shows only when there is one: the value, or `false`. (A key
    /// missing from a nested context would be looked up in the enclosing ones instead.)
    static func optional(_ value: (any Sendable)?) -> Any {
        if let value { value } else { false }
    }
}
