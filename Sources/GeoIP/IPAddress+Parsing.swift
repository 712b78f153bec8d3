extension IPAddress {
    /// Parses an address in its text form: dotted-quad IPv4 (`203.0.113.7`) or IPv6 (RFC 4291
    /// text: `2001:db8::1`, upper or lower case, with `::` at most once and an optional
    /// dotted-quad tail: `::ffff:203.0.113.7`, `64:ff9b::192.0.2.33`). Nil for anything else.
    ///
    /// The package's one IP address parser, as strict as the strictest of those it replaced
    /// (`inet_pton`, the rules' and the webhook guard's own):
    /// - no leading zeros in a dotted quad (`01.2.3.4`, `::ffff:01.2.3.4`): some readers take
    ///   them for octal, so the same text would be two addresses;
    /// - no zone identifier (`fe80::1%eth0`): it names an interface of the machine that wrote it,
    ///   nothing a client, a proxy's header or a webhook URL can mean here;
    /// - no brackets (`[::1]`), surrounding spaces or port: ``init(host:)`` reads a URL's host;
    /// - a group is one to four hex digits, nothing else (no sign, no `0x`).
    ///
    /// An IPv4-mapped address (`::ffff:1.2.3.4`) parses to the IPv6 address it is; ``unmapped``
    /// gives the IPv4 address.
    public init?(_ text: some StringProtocol) {
        var copy = String(text)
        guard
            let parsed = copy.withUTF8({ bytes -> IPAddress? in
                if bytes.contains(UInt8(ascii: ":")) { return Self.parseIPv6(bytes) }
                return Self.parseIPv4(bytes[...]).map { IPAddress(ipv4: $0) }
            })
        else { return nil }
        self = parsed
    }

    /// Reads a URL's host that is an IP literal: an address as ``init(_:)`` reads it, with or
    /// without the brackets a URL puts around IPv6 (`[2001:db8::1]`, `2001:db8::1`,
    /// `203.0.113.7`). Nil for a name, and for what ``init(_:)`` refuses (a zone, `[fe80::1%25en0]`).
    ///
    /// Brackets are taken around either family (`[203.0.113.7]` too), as the webhook guard and
    /// the Firebase long link's image check took them: both judge the address a URL leads to,
    /// and a bracketed address must not pass them as a name.
    public init?(host: some StringProtocol) {
        let bytes = Substring(host).utf8
        if bytes.first == UInt8(ascii: "["), bytes.last == UInt8(ascii: "]"), bytes.count >= 2 {
            self.init(Substring(bytes.dropFirst().dropLast()))
        } else {
            self.init(host)
        }
    }

    private static func parseIPv4(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> UInt32? {
        guard bytes.count >= 7, bytes.count <= 15 else { return nil }
        var value: UInt32 = 0
        var octets = 0
        var octet: UInt32 = 0
        var digits = 0
        for byte in bytes {
            if byte == UInt8(ascii: ".") {
                guard digits > 0, octets < 3 else { return nil }
                value = value << 8 | octet
                octets += 1
                octet = 0
                digits = 0
            } else if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                guard digits < 3, !(digits == 1 && octet == 0) else { return nil }
                octet = octet * 10 + UInt32(byte - UInt8(ascii: "0"))
                digits += 1
                guard octet <= 255 else { return nil }
            } else {
                return nil
            }
        }
        guard digits > 0, octets == 3 else { return nil }
        return value << 8 | octet
    }

    private static func parseIPv6(_ bytes: UnsafeBufferPointer<UInt8>) -> IPAddress? {
        guard bytes.count >= 2, bytes.count <= 45 else { return nil }
        return withUnsafeTemporaryAllocation(of: UInt16.self, capacity: 8) { groups -> IPAddress? in
            groups.initialize(repeating: 0)
            guard let (count, gap) = parseGroups(bytes, into: groups) else { return nil }
            if let gap {
                // `::` stands for at least one group: slide the groups after it to the end.
                guard count <= 7 else { return nil }
                let moved = count - gap
                for offset in stride(from: moved - 1, through: 0, by: -1) {
                    groups[8 - moved + offset] = groups[gap + offset]
                }
                for position in gap..<(8 - moved) { groups[position] = 0 }
            } else if count != 8 {
                return nil
            }
            var high: UInt64 = 0
            var low: UInt64 = 0
            for index in 0..<4 { high = high << 16 | UInt64(groups[index]) }
            for index in 4..<8 { low = low << 16 | UInt64(groups[index]) }
            return IPAddress(ipv6High: high, low: low)
        }
    }

    /// Reads the 16-bit groups in order into `groups`: how many, and after how many `::` stood.
    private static func parseGroups(
        _ bytes: UnsafeBufferPointer<UInt8>, into groups: UnsafeMutableBufferPointer<UInt16>
    )
        -> (count: Int, gap: Int?)?
    {
        var count = 0
        var gap: Int? = nil
        var index = 0
        if bytes[0] == UInt8(ascii: ":") {
            guard bytes[1] == UInt8(ascii: ":") else { return nil }
            gap = 0
            index = 2
        }
        while index < bytes.count {
            // One group: hex digits up to a colon, or a dotted quad to the end.
            var value: UInt16 = 0
            var digits = 0
            var cursor = index
            while cursor < bytes.count, digits <= 4, let digit = hexDigit(bytes[cursor]) {
                value = value &<< 4 | UInt16(digit)
                digits += 1
                cursor += 1
            }
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
                guard count <= 6, let ipv4 = parseIPv4(bytes[index...]) else { return nil }
                groups[count] = UInt16(ipv4 >> 16)
                groups[count + 1] = UInt16(truncatingIfNeeded: ipv4)
                return (count + 2, gap)
            }
            guard digits >= 1, digits <= 4, count < 8 else { return nil }
            groups[count] = value
            count += 1
            index = cursor
            guard index < bytes.count else { break }
            // A colon and another group; or two colons (the gap), then a group or the end.
            guard bytes[index] == UInt8(ascii: ":"), index + 1 < bytes.count else { return nil }
            index += 1
            if bytes[index] == UInt8(ascii: ":") {
                guard gap == nil else { return nil }
                gap = count
                index += 1
            }
        }
        return (count, gap)
    }

    private static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
