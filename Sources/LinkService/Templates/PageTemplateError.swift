/// Why the page templates cannot draw every page: thrown when ``PageRenderer`` is made, so a
/// broken template stops the server at start (and fails the tests) instead of reaching a visitor.
enum PageTemplateError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The template is not valid Mustache.
    case doesNotCompile(String, line: Int, column: Int, reason: String)
    /// A template uses a tag this check does not read (a delimiter change, a dynamic partial).
    case unsupportedTag(String, template: String)
    /// A template includes one that does not exist.
    case unknownTemplate(String, includedBy: String)
    /// A template names a value its page model does not have.
    case unknownName(String, template: String, model: String, sections: [String])
    /// A template writes a group or a list as text.
    case notText(String, template: String, model: String)
    /// A model's example leaves a section empty, so the names inside cannot be checked.
    case incompleteExample(String, template: String, model: String)
    /// No page draws the template.
    case unused(String)

    var description: String {
        switch self {
        case .doesNotCompile(let template, let line, let column, let reason):
            "The page template \(template) is not valid Mustache at line \(line), column \(column) (\(reason)); correct the file in Templates/Resources."
        case .unsupportedTag(let tag, let template):
            "The page template \(template) uses {{\(tag)}}, which the page check cannot read; write it with plain names, sections and partials."
        case .unknownTemplate(let name, let template):
            "The page template \(template) includes \"\(name)\", which is no template in Templates/Resources; correct the name or add the file (and its PageTemplate case)."
        case .unknownName(let name, let template, let model, let sections):
            "The page template \(template) uses {{\(name)}}"
                + (sections.isEmpty ? "" : " inside {{#\(sections.joined(separator: "}}, {{#"))}}")
                + ", which \(model) does not have; add a stored property of that name or correct the template."
        case .notText(let name, let template, let model):
            "The page template \(template) writes {{\(name)}} as text, but \(model)'s \(name) is a group or a list; open it as a section ({{#\(name)}}…{{/\(name)}})."
        case .incompleteExample(let name, let template, let model):
            "\(model).example leaves \(name) empty (nil or no items), so the names inside {{#\(name)}} in \(template) cannot be checked; give the example a value there."
        case .unused(let template):
            "The page template \(template) is drawn by no page; add its model to PageRenderer.pages or remove the file."
        }
    }
}
