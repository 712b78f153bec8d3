/// A JSON value together with where it was written.
///
/// Wayfinder reads manifests and association files into `JSONNode` trees rather than straight into
/// `Decodable` types so that every diagnostic can name the JSON path *and* the line and column of
/// the value at fault, objects keep the order their keys were written in (an AASA `details`
/// dictionary is walked in file order), and a broken entry can be reported without hiding the
/// rest of the document.
package struct JSONNode: Sendable, Hashable {
    /// The kinds of JSON value.
    package indirect enum Value: Sendable, Hashable {
        case null
        case bool(Bool)
        /// A number, kept as written so that writing a document back does not change it.
        case number(String)
        case string(String)
        case array([JSONNode])
        /// An object's members in the order they were written. Duplicate keys are kept.
        case object([Member])
    }

    /// One `"key": value` member of an object.
    package struct Member: Sendable, Hashable {
        package var key: String
        package var value: JSONNode

        package init(key: String, value: JSONNode) {
            self.key = key
            self.value = value
        }
    }

    package var value: Value
    /// Where the value starts in the source text.
    package var location: SourceLocation

    package init(_ value: Value, location: SourceLocation = .unknown) {
        self.value = value
        self.location = location
    }
}

extension JSONNode {
    /// The string, if this is a string.
    package var stringValue: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    /// The elements, if this is an array.
    package var arrayValue: [JSONNode]? {
        if case .array(let elements) = value { return elements }
        return nil
    }

    /// The members, if this is an object.
    package var objectValue: [Member]? {
        if case .object(let members) = value { return members }
        return nil
    }

    /// The Boolean, if this is `true` or `false`.
    package var boolValue: Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    /// The first member named `key`, if this is an object that has one.
    package subscript(key: String) -> JSONNode? {
        objectValue?.first(where: { $0.key == key })?.value
    }

    /// A short name of the value's kind for messages: "a string", "an array", ….
    package var kindDescription: String {
        switch value {
        case .null: "null"
        case .bool: "a Boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// A position in a source text: 1-based line and column (in characters), 0-based UTF-8 offset.
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    /// The 1-based line; 0 for ``unknown``.
    public var line: Int
    /// The 1-based column, counted in characters (not bytes); 0 for ``unknown``.
    public var column: Int
    /// The 0-based offset in UTF-8 bytes from the start of the text.
    public var offset: Int

    /// A location from its three coordinates.
    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// The location of values that were not read from text.
    public static let unknown = SourceLocation(line: 0, column: 0, offset: 0)

    /// `line 3, column 14`, as messages show it.
    public var description: String { "line \(line), column \(column)" }
}
