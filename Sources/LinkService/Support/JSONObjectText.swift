import DeepLinkRouting

/// A compact JSON object written member by member, in the order given: for the flush path, where
/// building a ``JSONNode`` tree per click and writing it out cost more than the rest of the click.
/// Keys are written as given (they are the code's own literals); values are escaped as
/// ``JSONNode`` escapes them.
struct JSONObjectText {
    private var text = ""

    init(capacity: Int) {
        text.reserveCapacity(capacity)
    }

    private mutating func key(_ key: String) {
        text += text.isEmpty ? "{\"" : ",\""
        text += key
        text += "\":"
    }

    /// `"key":"value"`; nothing when `value` is `nil`.
    mutating func member(_ key: String, _ value: String?) {
        guard let value else { return }
        self.key(key)
        JSONNode.writeString(value, to: &text)
    }

    /// `"key":123`; nothing when `value` is `nil`.
    mutating func member(_ key: String, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        self.key(key)
        text += String(value)
    }

    /// `"key":true` or `"key":false`.
    mutating func member(_ key: String, _ value: Bool) {
        self.key(key)
        text += value ? "true" : "false"
    }

    /// The object's text, closed.
    var closed: String { (text.isEmpty ? "{" : text) + "}" }
}
