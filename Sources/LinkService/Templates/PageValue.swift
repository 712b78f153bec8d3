import LinkCore
import Mustache

/// A page model as the template engine reads it: a struct becomes its stored properties by name,
/// an array a list, and `nil` a value that is empty text and a false section.
///
/// swift-mustache looks a name up from the innermost section outwards and, given a struct,
/// treats a `nil` property as missing: a `nil` `hint` of a list item would show the enclosing
/// page's `hint`. Here a `nil` is a value, so the lookup stops at it. The model is read once per
/// page instead of once per name.
package enum PageValue {
    /// A struct's stored properties, by name.
    package struct Members: MustacheParent {
        package let values: [String: Any]

        package func child(named name: String) -> Any? { values[name] }
    }

    /// A `nil`: empty text, a false section, a true inverted section.
    package struct Absent: MustacheCustomRenderable {
        package var renderText: String { "" }
        package var isNull: Bool { true }
    }

    /// `value` as the engine reads it.
    package static func of(_ value: Any) -> Any {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            return mirror.children.first.map { of($0.value) } ?? Absent()
        case .collection:
            return mirror.children.map { of($0.value) }
        case .struct:
            var values: [String: Any] = [:]
            for child in mirror.children {
                if let label = child.label { values[label] = of(child.value) }
            }
            return Members(values: values)
        default:
            return value
        }
    }
}
