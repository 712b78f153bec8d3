import DeepLinkRouting

/// A compact JSON object written member by member, in the order given: for the flush path, where
/// building a ``JSONNode`` tree per click and writing it out cost more than the rest of the click.
/// Keys are written as given (they are the code's own literals); values are escaped as
/// ``JSONNode`` escapes them. The text is gathered as UTF-8 bytes and made a `String` once:
/// appending to a `String` piece by piece cost about twice as much.
struct JSONObjectText {
    private var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    private mutating func key(_ key: StaticString) {
        bytes.append(bytes.isEmpty ? UInt8(ascii: "{") : UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// `"key":"value"`; nothing when `value` is `nil`.
    mutating func member(_ key: StaticString, _ value: String?) {
        guard let value else { return }
        self.key(key)
        if JSONNode.needsNoEscape(value) {
            bytes.append(UInt8(ascii: "\""))
            bytes.append(contentsOf: value.utf8)
            bytes.append(UInt8(ascii: "\""))
        } else {
            var escaped = ""
            JSONNode.writeString(value, to: &escaped)
            bytes.append(contentsOf: escaped.utf8)
        }
    }

    /// `"key":123`; nothing when `value` is `nil`.
    mutating func member(_ key: StaticString, _ value: (some BinaryInteger)?) {
        guard let value else { return }
        self.key(key)
        guard value != 0 else {
            bytes.append(UInt8(ascii: "0"))
            return
        }
        if value < 0 { bytes.append(UInt8(ascii: "-")) }
        // Digits from the last, then turned around in place.
        let start = bytes.count
        var rest = value.magnitude
        while rest > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10))
            rest /= 10
        }
        bytes[start...].reverse()
    }

    /// `"key":true` or `"key":false`.
    mutating func member(_ key: StaticString, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// The object's text, closed.
    consuming func finished() -> String {
        if bytes.isEmpty { bytes.append(UInt8(ascii: "{")) }
        bytes.append(UInt8(ascii: "}"))
        return String(decoding: bytes, as: UTF8.self)
    }
}
