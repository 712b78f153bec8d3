extension IPAddress: CustomStringConvertible {
    /// The address in its canonical text: dotted quad for IPv4; RFC 5952 for IPv6 (lower case,
    /// the longest run of two or more zero groups as `::`, `::ffff:a.b.c.d` for IPv4-mapped).
    public var description: String {
        if isIPv4 { return Self.dottedQuad(UInt32(truncatingIfNeeded: low)) }
        if let mapped = ipv4Value { return "::ffff:" + Self.dottedQuad(mapped) }
        let groups = (0..<8).map { index -> UInt16 in
            let half = index < 4 ? high : low
            return UInt16(truncatingIfNeeded: half >> (UInt64(3 - index % 4) * 16))
        }
        // The longest run of zero groups (the first on a tie), if it is at least two long.
        var best = (start: 0, length: 0)
        var run = (start: 0, length: 0)
        for (index, group) in groups.enumerated() {
            if group == 0 {
                if run.length == 0 { run.start = index }
                run.length += 1
                if run.length > best.length { best = run }
            } else {
                run.length = 0
            }
        }
        let hex = groups.map { String($0, radix: 16) }
        guard best.length >= 2 else { return hex.joined(separator: ":") }
        let head = hex[..<best.start].joined(separator: ":")
        let tail = hex[(best.start + best.length)...].joined(separator: ":")
        return head + "::" + tail
    }

    private static func dottedQuad(_ value: UInt32) -> String {
        "\(value >> 24).\(value >> 16 & 0xFF).\(value >> 8 & 0xFF).\(value & 0xFF)"
    }
}
