/// The address of a value inside a JSON document, written the way people read it:
/// `routes[2].paths[0]`, `applinks.details[0].components[3]["/"]`.
public struct JSONPath: Sendable, Hashable, CustomStringConvertible, Comparable {
    /// One step into an object member or an array element.
    public enum Component: Sendable, Hashable {
        /// An object member, by key.
        case key(String)
        /// An array element, by 0-based index.
        case index(Int)
    }

    /// The steps from the document's root; empty for the root itself.
    public var components: [Component]

    /// The path made of these steps; with none, the root.
    public init(_ components: [Component] = []) {
        self.components = components
    }

    /// The whole document.
    public static let root = JSONPath()

    /// This path extended by an object member.
    public func appending(_ key: String) -> JSONPath {
        JSONPath(components + [.key(key)])
    }

    /// This path extended by an array element.
    public func appending(_ index: Int) -> JSONPath {
        JSONPath(components + [.index(index)])
    }

    /// `$` for the whole document; otherwise keys that are identifiers are written `.key` and
    /// other keys `["key"]`, so `details["ABCDE12345.com.example.app"]` stays unambiguous.
    public var description: String {
        guard !components.isEmpty else { return "$" }
        var text = ""
        for component in components {
            switch component {
            case .index(let index):
                text += "[\(index)]"
            case .key(let key):
                if RoutePattern.isIdentifier(key) {
                    text += text.isEmpty ? key : "." + key
                } else {
                    text += "["
                    JSONNode.writeString(key, to: &text)
                    text += "]"
                }
            }
        }
        return text
    }

    /// Document order, step by step: an element before a member, a parent before what is inside it.
    public static func < (lhs: JSONPath, rhs: JSONPath) -> Bool {
        for (left, right) in zip(lhs.components, rhs.components) where left != right {
            switch (left, right) {
            case (.index(let l), .index(let r)): return l < r
            case (.key(let l), .key(let r)): return l < r
            case (.index, .key): return true
            case (.key, .index): return false
            }
        }
        return lhs.components.count < rhs.components.count
    }
}
