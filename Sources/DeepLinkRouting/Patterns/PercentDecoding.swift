/// Percent-encoding as URLs use it, on bytes, without Foundation's `URLComponents` quirks:
/// an invalid escape is reported (`nil`) rather than passed through.
package enum PercentDecoding {
    /// Decodes `%XX` escapes; `nil` when an escape is malformed or the result is not UTF-8.
    package static func decode(_ text: some StringProtocol) -> String? {
        let utf8 = text.utf8
        guard utf8.contains(UInt8(ascii: "%")) else { return String(text) }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(utf8.count)
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if byte == UInt8(ascii: "%") {
                let first = utf8.index(after: index)
                guard first < utf8.endIndex else { return nil }
                let second = utf8.index(after: first)
                guard second < utf8.endIndex, let high = hexValue(utf8[first]), let low = hexValue(utf8[second]) else {
                    return nil
                }
                bytes.append(high << 4 | low)
                index = utf8.index(after: second)
            } else {
                bytes.append(byte)
                index = utf8.index(after: index)
            }
        }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Decodes `%XX` escapes in UTF-8 bytes: the answer ``decode(_:)`` gives for the bytes' text
    /// (`nil` when they are not UTF-8), without making that text first and without an
    /// intermediate array.
    static func decode(_ raw: UnsafeBufferPointer<UInt8>) -> String? {
        var escapes = false
        var ascii = true
        for byte in raw {
            if byte == UInt8(ascii: "%") {
                escapes = true
            } else if byte >= 0x80 {
                ascii = false
            }
        }
        guard ascii || UTF8Check.isValid(raw) else { return nil }
        guard escapes else { return String(decoding: raw, as: UTF8.self) }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: raw.count) { buffer -> String? in
            guard let count = decodeEscapes(raw, into: buffer) else { return nil }
            let decoded = UnsafeBufferPointer(rebasing: buffer[..<count])
            guard UTF8Check.isValid(decoded) else { return nil }
            return String(decoding: decoded, as: UTF8.self)
        }
    }

    /// Writes `raw` with its `%XX` escapes decoded into `buffer` (at least `raw.count` bytes) and
    /// returns how many bytes it wrote; `nil` when an escape is malformed. Does not check UTF-8.
    static func decodeEscapes(_ raw: UnsafeBufferPointer<UInt8>, into buffer: UnsafeMutableBufferPointer<UInt8>)
        -> Int?
    {
        var count = 0
        var index = 0
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2])
                else { return nil }
                buffer[count] = high << 4 | low
                index += 3
            } else {
                buffer[count] = byte
                index += 1
            }
            count += 1
        }
        return count
    }

    /// Whether ``decode(_:)-(UnsafeBufferPointer<UInt8>)`` of the bytes succeeds, without making
    /// the string: for checking every segment of a link before matching.
    static func decodes(_ raw: UnsafeBufferPointer<UInt8>) -> Bool {
        var check = UTF8Check()
        var index = 0
        var ascii = true
        while index < raw.count {
            let byte = raw[index]
            if byte == UInt8(ascii: "%") {
                guard index + 2 < raw.count, let high = hexValue(raw[index + 1]), let low = hexValue(raw[index + 2])
                else { return false }
                guard check.add(high << 4 | low) else { return false }
                index += 3
            } else {
                if byte >= 0x80 { ascii = false }
                guard check.add(byte) else { return false }
                index += 1
            }
        }
        // Text that is not UTF-8 before decoding is refused even when the escapes repair it.
        return check.isComplete && (ascii || UTF8Check.isValid(raw))
    }

    /// Encodes everything but RFC 3986 unreserved characters and the sub-delimiters that are safe
    /// in a path segment, so the result is one segment (a `/` becomes `%2F`).
    package static func encodeSegment(_ text: some StringProtocol) -> String {
        encode(text, keeping: segmentBytes)
    }

    /// Encodes for a query item name or value (`&`, `=`, `+` and `#` are escaped).
    package static func encodeQueryComponent(_ text: some StringProtocol) -> String {
        encode(text, keeping: queryComponentBytes)
    }

    private static let segmentBytes = ByteSet { isUnreserved($0) || "!$&'()*+,;=:@".utf8.contains($0) }
    private static let queryComponentBytes = ByteSet { isUnreserved($0) || "!$'()*,;:@/?".utf8.contains($0) }

    /// `text` with every byte outside `kept` written as `%XX` (uppercase hex).
    package static func encode(_ text: some StringProtocol, keeping kept: ByteSet) -> String {
        // Sized for the worst case and written in place: URLs are encoded on the redirect path.
        let hex: StaticString = "0123456789ABCDEF"
        return text.utf8.withContiguousStorageIfAvailable { encode($0, kept, hex) }
            ?? Array(text.utf8).withUnsafeBufferPointer { encode($0, kept, hex) }
    }

    private static func encode(_ bytes: UnsafeBufferPointer<UInt8>, _ kept: ByteSet, _ hex: StaticString) -> String {
        String(unsafeUninitializedCapacity: bytes.count * 3) { output in
            var count = 0
            let digits = hex.utf8Start
            for byte in bytes {
                if kept.contains(byte) {
                    output[count] = byte
                    count += 1
                } else {
                    output[count] = UInt8(ascii: "%")
                    output[count + 1] = digits[Int(byte >> 4)]
                    output[count + 2] = digits[Int(byte & 0x0F)]
                    count += 3
                }
            }
            return count
        }
    }

    private static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
