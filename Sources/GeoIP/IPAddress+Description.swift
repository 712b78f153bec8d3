extension IPAddress: CustomStringConvertible {
    /// The address in its canonical text: dotted quad for IPv4; RFC 5952 for IPv6 (lower case,
    /// the longest run of two or more zero groups as `::`, `::ffff:a.b.c.d` for IPv4-mapped).
    public var description: String {
        // Written byte by byte into the string's own storage: a rate-limit bucket and a log line
        // print an address per request. 45 bytes hold the longest IPv6 text.
        String(unsafeUninitializedCapacity: 45) { buffer in
            var text = TextBuffer(buffer)
            if isIPv4 {
                text.dottedQuad(UInt32(truncatingIfNeeded: low))
            } else if let mapped = ipv4Value {
                for byte in "::ffff:".utf8 { text.append(byte) }
                text.dottedQuad(mapped)
            } else {
                writeIPv6(into: &text)
            }
            return text.count
        }
    }

    /// Group `index` (0 to 7) of an IPv6 address.
    private func group(_ index: Int) -> UInt16 {
        UInt16(truncatingIfNeeded: (index < 4 ? high : low) >> (UInt64(3 - index % 4) * 16))
    }

    private func writeIPv6(into text: inout TextBuffer) {
        // The longest run of zero groups (the first on a tie), if it is at least two long.
        var best = (start: 8, length: 0)
        var run = (start: 0, length: 0)
        for index in 0..<8 {
            if group(index) == 0 {
                if run.length == 0 { run.start = index }
                run.length += 1
                if run.length > best.length { best = run }
            } else {
                run.length = 0
            }
        }
        if best.length < 2 { best = (8, 0) }
        for index in 0..<best.start {
            if index > 0 { text.append(UInt8(ascii: ":")) }
            text.hex(group(index))
        }
        guard best.length > 0 else { return }
        text.append(UInt8(ascii: ":"))
        text.append(UInt8(ascii: ":"))
        for index in (best.start + best.length)..<8 {
            if index > best.start + best.length { text.append(UInt8(ascii: ":")) }
            text.hex(group(index))
        }
    }
}

/// Appends ASCII to a string's uninitialized storage.
private struct TextBuffer {
    let storage: UnsafeMutableBufferPointer<UInt8>
    var count = 0

    init(_ storage: UnsafeMutableBufferPointer<UInt8>) {
        self.storage = storage
    }

    mutating func append(_ byte: UInt8) {
        storage[count] = byte
        count += 1
    }

    /// A group in lower-case hex without leading zeros.
    mutating func hex(_ value: UInt16) {
        var shift = 12
        while shift > 0, value >> UInt16(shift) == 0 { shift -= 4 }
        while shift >= 0 {
            let digit = UInt8(truncatingIfNeeded: value >> UInt16(shift)) & 0xF
            append(digit < 10 ? UInt8(ascii: "0") + digit : UInt8(ascii: "a") + digit - 10)
            shift -= 4
        }
    }

    mutating func dottedQuad(_ value: UInt32) {
        for shift in stride(from: 24, through: 0, by: -8) {
            if shift < 24 { append(UInt8(ascii: ".")) }
            decimal(UInt8(truncatingIfNeeded: value >> UInt32(shift)))
        }
    }

    private mutating func decimal(_ value: UInt8) {
        if value >= 100 { append(UInt8(ascii: "0") + value / 100) }
        if value >= 10 { append(UInt8(ascii: "0") + value / 10 % 10) }
        append(UInt8(ascii: "0") + value % 10)
    }
}
