/// Walks the `name=value` items of a URL query (`&`-separated; `;` is not a separator) on bytes.
enum QueryScanner {
    /// One item: the name's bytes and the value's (`nil` for an item written without `=`).
    struct Item {
        var name: Range<Int>
        var value: Range<Int>?
    }

    /// Calls `body` for each non-empty item in order until it returns `false`.
    static func forEach(_ bytes: UnsafeBufferPointer<UInt8>, in query: Range<Int>, _ body: (Item) -> Bool) {
        var start = query.lowerBound
        while start <= query.upperBound {
            var end = start
            var equals: Int? = nil
            while end < query.upperBound, bytes[end] != UInt8(ascii: "&") {
                if equals == nil, bytes[end] == UInt8(ascii: "=") { equals = end }
                end += 1
            }
            if end > start {
                let item = Item(name: start..<(equals ?? end), value: equals.map { ($0 + 1)..<end })
                if !body(item) { return }
            }
            start = end + 1
        }
    }

    /// The value range of the first item named `name` (compared after percent-decoding), with
    /// `.some(nil)` for an item without `=` and `nil` when there is no such item.
    static func first(_ name: String, in bytes: UnsafeBufferPointer<UInt8>, query: Range<Int>) -> Range<Int>?? {
        var found: Range<Int>?? = nil
        forEach(bytes, in: query) { item in
            if matches(name, bytes, item.name) {
                found = .some(item.value)
                return false
            }
            return true
        }
        return found
    }

    /// Whether the item name at `range` is `name`; raw bytes when there is no escape.
    static func matches(_ name: String, _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        let raw = UnsafeBufferPointer(rebasing: bytes[range])
        if !raw.contains(UInt8(ascii: "%")) { return raw.elementsEqual(name.utf8) }
        return PercentDecoding.decode(String(decoding: raw, as: UTF8.self)) == name
    }

    /// The percent-decoded text at `range`; `nil` when an escape is malformed or not UTF-8.
    static func decoded(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String? {
        PercentDecoding.decode(UnsafeBufferPointer(rebasing: bytes[range]))
    }

    /// Whether ``decoded(_:_:)`` of `range` succeeds, without making the string.
    static func decodes(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Bool {
        PercentDecoding.decodes(UnsafeBufferPointer(rebasing: bytes[range]))
    }
}
