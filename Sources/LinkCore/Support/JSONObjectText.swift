import DeepLinkRouting
import Foundation

/// Compact JSON objects written member by member, in the order given, one after another as JSON
/// Lines (``nextLine()``): for the flush path, where building a ``JSONNode`` tree per click and
/// writing it out cost more than the rest of the click. Keys are written as given (they are the
/// code's own literals); values are escaped as ``JSONNode`` escapes them. The text is gathered as
/// UTF-8 bytes and made a `String` once: appending to a `String` piece by piece cost about twice
/// as much, and a `String` per line, joined afterwards, an allocation and a copy per line more.
package struct JSONObjectText {
    private var bytes: [UInt8] = []
    /// Where the object being written starts.
    private var objectStart = 0

    package init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// An object written after `bytes`, which ``finishedBytes()`` gives back with it.
    package init(after bytes: consuming [UInt8]) {
        self.bytes = bytes
        objectStart = self.bytes.count
    }

    private mutating func key(_ key: StaticString) {
        bytes.append(bytes.count == objectStart ? UInt8(ascii: "{") : UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(UInt8(ascii: "\""))
        bytes.append(UInt8(ascii: ":"))
    }

    /// `"key":"value"`; nothing when `value` is `nil`.
    package mutating func member(_ key: StaticString, _ value: String?) {
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

    /// `"key":"…"`, the time as ``ISO8601`` writes it (which needs no escape).
    package mutating func member(_ key: StaticString, time: Date) {
        self.key(key)
        bytes.append(UInt8(ascii: "\""))
        ISO8601.write(time, to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    /// `"key":"value"`; nothing when `value` is empty (for a reader that takes a missing member as
    /// the empty string).
    package mutating func member(_ key: StaticString, unlessEmpty value: String) {
        if !value.isEmpty { member(key, value) }
    }

    /// `"key":123`; nothing when `value` is `nil`.
    package mutating func member(_ key: StaticString, _ value: (some BinaryInteger)?) {
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

    /// `"key":123`; nothing when `value` is zero (for a reader that takes a missing member as 0).
    package mutating func member(_ key: StaticString, unlessZero value: some BinaryInteger) {
        if value != 0 { member(key, value) }
    }

    /// `"key":true` or `"key":false`.
    package mutating func member(_ key: StaticString, _ value: Bool) {
        self.key(key)
        bytes.append(contentsOf: (value ? "true" : "false").utf8)
    }

    /// Closes the object and starts the next on a new line.
    package mutating func nextLine() {
        close()
        bytes.append(UInt8(ascii: "\n"))
        objectStart = bytes.count
    }

    private mutating func close() {
        if bytes.count == objectStart { bytes.append(UInt8(ascii: "{")) }
        bytes.append(UInt8(ascii: "}"))
    }

    /// The text, its last object closed.
    package consuming func finished() -> String {
        close()
        return String(decoding: bytes, as: UTF8.self)
    }

    /// The bytes, its last object closed.
    package consuming func finishedBytes() -> [UInt8] {
        close()
        return bytes
    }
}
