import Foundation
import LinkCore

/// Checks each page's template against an example of its model: every name the template uses is
/// a value of the model (or of a list item or group an enclosing section opens), every template
/// it includes exists, and every template is drawn by some page.
///
/// swift-mustache renders a name it cannot find as nothing, so a misspelt name would be an empty
/// spot on a page. This check reads a template as the engine renders it: a section opens its
/// value (a group, the first item of a list; `true`, `false` and text open nothing new), a name is
/// looked up from the innermost open value outwards (`a.b` looks up `a`, then `b` inside it),
/// partials are read in place, and a layout's blocks (`{{$content}}`) are filled with the
/// including page's. Values are read from ``PageValue/of(_:)``, exactly what the engine gets.
package struct PageTemplateCheck {
    /// The text of every template, by name.
    package let templates: [String: String]

    /// Checks every page, and that each template is drawn by one of them.
    package func checkAll(_ pages: [any PageModel.Type]) throws(PageTemplateError) {
        var used: Set<String> = []
        for page in pages {
            used.formUnion(try check(page))
        }
        if let unused = templates.keys.sorted().first(where: { !used.contains($0) }) {
            throw .unused(unused)
        }
    }

    /// Checks one page's template against its example; the names of the templates it read.
    package func check<Page: PageModel>(_ page: Page.Type) throws(PageTemplateError) -> Set<String> {
        try check(template: Page.template.rawValue, model: String(describing: Page.self), example: Page.example)
    }

    /// Checks the template `name` against `example`; the names of the templates it read.
    package func check(template name: String, model: String, example: Any) throws(PageTemplateError) -> Set<String> {
        var walk = Walk(check: self, model: model)
        try walk.include(name, stack: [PageValue.of(example)], blocks: [:], by: name)
        return walk.used
    }

    /// One tag of a template, with what it encloses.
    fileprivate indirect enum Node {
        case name(String)
        case section(String, inverted: Bool, [Node])
        case partial(String)
        /// `{{<layout}}` with the blocks it fills.
        case layout(String, blocks: [String: [Node]])
        case block(String, [Node])
    }

    fileprivate func parse(_ name: String) throws(PageTemplateError) -> [Node] {
        guard let text = templates[name] else { throw .unknownTemplate(name, includedBy: name) }
        var open: [(tag: Character, name: String, nodes: [Node])] = [(" ", name, [])]
        var rest = Substring(text)
        while let start = rest.range(of: "{{") {
            rest = rest[start.upperBound...]
            let triple = rest.first == "{"
            guard let end = rest.range(of: triple ? "}}}" : "}}") else {
                throw .doesNotCompile(name, line: 0, column: 0, reason: "a tag is not closed")
            }
            var tag = rest[rest.index(rest.startIndex, offsetBy: triple ? 1 : 0)..<end.lowerBound]
            rest = rest[end.upperBound...]
            tag = tag.drop { $0 == " " }
            let sigil = tag.first ?? " "
            let argument = String(tag.dropFirst().trimmingCharacters(in: .whitespaces))
            switch sigil {
            case "!": continue
            case "#", "^", "<", "$": open.append((sigil, argument, []))
            case "/":
                let closed = open.removeLast()
                guard closed.name == argument, !open.isEmpty else {
                    throw .doesNotCompile(name, line: 0, column: 0, reason: "{{/\(argument)}} closes nothing open")
                }
                let node: Node =
                    switch closed.tag {
                    case "#": .section(closed.name, inverted: false, closed.nodes)
                    case "^": .section(closed.name, inverted: true, closed.nodes)
                    case "<":
                        .layout(
                            closed.name,
                            blocks: Dictionary(
                                closed.nodes.compactMap { node in
                                    if case .block(let block, let nodes) = node { (block, nodes) } else { nil }
                                }, uniquingKeysWith: { first, _ in first }))
                    default: .block(closed.name, closed.nodes)
                    }
                open[open.count - 1].nodes.append(node)
            case ">":
                guard !argument.hasPrefix("*") else { throw .unsupportedTag(String(tag), template: name) }
                open[open.count - 1].nodes.append(.partial(argument))
            case "=", "%": throw .unsupportedTag(String(tag), template: name)
            case "&": open[open.count - 1].nodes.append(.name(argument))
            default:
                let variable = String(tag.trimmingCharacters(in: .whitespaces))
                guard variable.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "_" || $0 == "." || $0 == "-" })
                else { throw .unsupportedTag(variable, template: name) }
                open[open.count - 1].nodes.append(.name(variable))
            }
        }
        guard open.count == 1 else {
            throw .doesNotCompile(name, line: 0, column: 0, reason: "{{#\(open[open.count - 1].name)}} is not closed")
        }
        return open[0].nodes
    }

    /// The filling of a layout's block, and the template that wrote it.
    private typealias Block = (nodes: [Node], template: String)

    /// One page's walk through its templates.
    private struct Walk {
        let check: PageTemplateCheck
        let model: String
        var used: Set<String> = []
        /// The template being read and the sections open in it, for messages.
        var template = ""
        var sections: [String] = []

        mutating func include(_ name: String, stack: [Any], blocks: [String: Block], by includer: String)
            throws(PageTemplateError)
        {
            guard check.templates[name] != nil else { throw .unknownTemplate(name, includedBy: includer) }
            used.insert(name)
            let outer = (template, sections)
            (template, sections) = (name, [])
            try walk(try check.parse(name), stack: stack, blocks: blocks)
            (template, sections) = outer
        }

        mutating func walk(_ nodes: [Node], stack: [Any], blocks: [String: Block]) throws(PageTemplateError) {
            for node in nodes {
                switch node {
                case .name(let name):
                    let value = try resolve(name, in: stack)
                    if value is PageValue.Members || value is [Any] {
                        throw .notText(name, template: template, model: model)
                    }
                case .section(let name, let inverted, let nodes):
                    let value = try resolve(name, in: stack)
                    sections.append(name)
                    if inverted {
                        try walk(nodes, stack: stack, blocks: blocks)
                    } else {
                        switch value {
                        case is Bool: try walk(nodes, stack: stack, blocks: blocks)
                        case is PageValue.Absent: throw .incompleteExample(name, template: template, model: model)
                        case let list as [Any]:
                            guard let first = list.first else {
                                throw .incompleteExample(name, template: template, model: model)
                            }
                            try walk(nodes, stack: stack + [first], blocks: blocks)
                        default: try walk(nodes, stack: stack + [value], blocks: blocks)
                        }
                    }
                    sections.removeLast()
                case .partial(let name):
                    try include(name, stack: stack, blocks: blocks, by: template)
                case .layout(let name, let filled):
                    // As the engine does: a block filled further out wins over one filled here.
                    let filled = filled.mapValues { (nodes: $0, template: template) }
                    try include(name, stack: stack, blocks: blocks.merging(filled) { outer, _ in outer }, by: template)
                case .block(let name, let defaults):
                    guard let block = blocks[name] else {
                        try walk(defaults, stack: stack, blocks: blocks)
                        continue
                    }
                    let outer = template
                    template = block.template
                    try walk(block.nodes, stack: stack, blocks: blocks)
                    template = outer
                }
            }
        }

        /// The value `name` finds from the innermost open value outwards.
        func resolve(_ name: String, in stack: [Any]) throws(PageTemplateError) -> Any {
            if name == "." { return stack.last as Any }
            let parts = name.split(separator: ".").map(String.init)
            guard let first = parts.first,
                var value = stack.reversed().lazy.compactMap({ ($0 as? PageValue.Members)?.values[first] }).first
            else { throw .unknownName(name, template: template, model: model, sections: sections) }
            for part in parts.dropFirst() {
                if value is PageValue.Absent { throw .incompleteExample(name, template: template, model: model) }
                guard let next = (value as? PageValue.Members)?.values[part] else {
                    throw .unknownName(name, template: template, model: model, sections: sections)
                }
                value = next
            }
            return value
        }
    }

    /// A value with every stored property given.
    package init(templates: [String: String]) {
        self.templates = templates
    }
}
