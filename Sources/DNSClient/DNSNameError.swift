/// Why a text is not a DNS name.
public enum DNSNameError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing was given.
    case empty
    /// Two dots in a row, or a leading dot.
    case emptyLabel(String)
    /// A label (the part between dots) is over 63 bytes.
    case labelTooLong(String)
    /// A character other than a letter, a digit, `-` or `_`.
    case invalidCharacter(String, Character)
    /// The name takes more than 255 bytes on the wire.
    case tooLong(Int)

    public var description: String {
        switch self {
        case .empty: "the name is empty"
        case .emptyLabel(let name): "\"\(name)\" has an empty label: remove the extra dot"
        case .labelTooLong(let label): "the label \"\(label)\" is over 63 bytes"
        case .invalidCharacter(let name, let character):
            "\"\(name)\" holds \"\(character)\": host names use letters, digits, \"-\" and \"_\" (write an international name in its xn-- form)"
        case .tooLong(let length): "the name takes \(length) bytes; DNS allows 255"
        }
    }
}
