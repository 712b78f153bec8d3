/// An IPv4 or IPv6 address, as the MaxMind DB search tree walks it: 32 or 128 bits, most
/// significant first. The one address type of the package: the link service parses, compares,
/// counts and logs client and webhook addresses with it too.
///
/// Parse one from text with ``init(_:)`` (`203.0.113.7`, `2001:db8::1`, `::ffff:203.0.113.7`) or
/// from a URL's host with ``init(host:)`` (`[2001:db8::1]`), or make one from its bits or its
/// bytes (``init(bytes:)``, what a socket address holds). An IPv4-mapped IPv6 address
/// (`::ffff:a.b.c.d`, what a dual-stack socket reports for an IPv4 client) stays IPv6 here, but is
/// looked up, and matched by an ``IPNetwork``, as the IPv4 address it maps (``unmapped``).
public struct IPAddress: Sendable, Hashable {
    /// The high 64 bits of an IPv6 address; 0 for IPv4.
    public let high: UInt64
    /// The low 64 bits of an IPv6 address; for IPv4, the address in the low 32 bits.
    public let low: UInt64
    /// Whether this is an IPv4 address (32 bits) rather than IPv6 (128).
    public let isIPv4: Bool

    /// An IPv4 address from its 32 bits (`0xCB00_7107` is `203.0.113.7`).
    public init(ipv4 value: UInt32) {
        high = 0
        low = UInt64(value)
        isIPv4 = true
    }

    /// An IPv6 address from its 128 bits, high half first.
    public init(ipv6High high: UInt64, low: UInt64) {
        self.high = high
        self.low = low
        isIPv4 = false
    }

    /// An address from its bytes in network order: 4 for IPv4, 16 for IPv6 (as `in_addr` and
    /// `in6_addr` hold them); nil for any other count. Sixteen bytes stay IPv6, an IPv4-mapped
    /// address too.
    public init?(bytes: some Collection<UInt8>) {
        guard bytes.count == 4 || bytes.count == 16 else { return nil }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in bytes.enumerated() {
            if index < 8 {
                high = high << 8 | UInt64(byte)
            } else {
                low = low << 8 | UInt64(byte)
            }
        }
        if bytes.count == 4 {
            self.init(ipv4: UInt32(truncatingIfNeeded: high))
        } else {
            self.init(ipv6High: high, low: low)
        }
    }

    /// The number of bits: 32 for IPv4, 128 for IPv6.
    public var bitWidth: Int { isIPv4 ? 32 : 128 }

    /// The IPv4 address this address is or maps (`::ffff:a.b.c.d`), else nil.
    public var ipv4Value: UInt32? {
        if isIPv4 { return UInt32(truncatingIfNeeded: low) }
        guard high == 0, low >> 32 == 0xFFFF else { return nil }
        return UInt32(truncatingIfNeeded: low)
    }

    /// The IPv4 address an IPv4-mapped IPv6 address (`::ffff:a.b.c.d`) maps; any other address
    /// as it is. What a client is counted, logged and matched as: a dual-stack socket reports an
    /// IPv4 client in the mapped form.
    public var unmapped: IPAddress {
        guard !isIPv4, let mapped = ipv4Value else { return self }
        return IPAddress(ipv4: mapped)
    }
}
