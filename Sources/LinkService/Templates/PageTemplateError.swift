import DeepLinkRouting
import LinkCore

/// Why the page templates cannot draw every page: thrown when ``PageRenderer`` is made, so a
/// broken template stops the server at start (and fails the tests) instead of reaching a visitor.
///
/// Match on ``code``; ``message`` names the template and what to change.
package struct PageTemplateError: CodedError, Hashable {
    package typealias Code = ErrorCode<PageTemplateError>

    package let code: Code
    package let message: String

    /// The template is not valid Mustache.
    package static func doesNotCompile(_ template: String, line: Int, column: Int, reason: String) -> Self {
        Self(
            code: .doesNotCompile,
            message:
                "The page template \(template) is not valid Mustache at line \(line), column \(column) (\(reason)); correct the file in Templates/Resources."
        )
    }

    /// A template uses a tag this check does not read (a delimiter change, a dynamic partial).
    package static func unsupportedTag(_ tag: String, template: String) -> Self {
        Self(
            code: .unsupportedTag,
            message:
                "The page template \(template) uses {{\(tag)}}, which the page check cannot read; write it with plain names, sections and partials."
        )
    }

    /// A template includes one that does not exist.
    package static func unknownTemplate(_ name: String, includedBy template: String) -> Self {
        Self(
            code: .unknownTemplate,
            message:
                "The page template \(template) includes \"\(name)\", which is no template in Templates/Resources; correct the name or add the file (and its PageTemplate case)."
        )
    }

    /// A template names a value its page model does not have.
    package static func unknownName(_ name: String, template: String, model: String, sections: [String]) -> Self {
        Self(
            code: .unknownName,
            message: "The page template \(template) uses {{\(name)}}"
                + (sections.isEmpty ? "" : " inside {{#\(sections.joined(separator: "}}, {{#"))}}")
                + ", which \(model) does not have; add a stored property of that name or correct the template.")
    }

    /// A template writes a group or a list as text.
    package static func notText(_ name: String, template: String, model: String) -> Self {
        Self(
            code: .notText,
            message:
                "The page template \(template) writes {{\(name)}} as text, but \(model)'s \(name) is a group or a list; open it as a section ({{#\(name)}}…{{/\(name)}})."
        )
    }

    /// A model's example leaves a section empty, so the names inside cannot be checked.
    package static func incompleteExample(_ name: String, template: String, model: String) -> Self {
        Self(
            code: .incompleteExample,
            message:
                "\(model).example leaves \(name) empty (nil or no items), so the names inside {{#\(name)}} in \(template) cannot be checked; give the example a value there."
        )
    }

    /// No page draws the template.
    package static func unused(_ template: String) -> Self {
        Self(
            code: .unused,
            message:
                "The page template \(template) is drawn by no page; add its model to PageRenderer.pages or remove the file."
        )
    }
}

extension ErrorCode where Owner == PageTemplateError {
    /// Not valid Mustache.
    package static let doesNotCompile = Self("template-does-not-compile")
    /// A tag the page check cannot read.
    package static let unsupportedTag = Self("unsupported-template-tag")
    /// An included template that does not exist.
    package static let unknownTemplate = Self("unknown-template")
    /// A name the page model does not have.
    package static let unknownName = Self("unknown-template-name")
    /// A group or list written as text.
    package static let notText = Self("template-value-not-text")
    /// A model example that leaves a section empty.
    package static let incompleteExample = Self("incomplete-page-example")
    /// A template no page draws.
    package static let unused = Self("unused-template")
}
