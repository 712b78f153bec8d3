/// An IPv4 or IPv6 address, as the MaxMind DB search tree walks it: 32 or 128 bits, most
/// significant first.
///
/// Parse one from text with ``init(_:)`` (`203.0.113.7`, `2001:db8::1`, `::ffff:203.0.113.7`), or
/// make one from its bits. An IPv4-mapped IPv6 address (`::ffff:a.b.c.d`, what a dual-stack socket
/// reports for an IPv4 client) stays IPv6 here, but is looked up as the IPv4 address it maps.
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

    /// The IPv4 address this address is or maps (`::ffff:a.b.c.d`), else nil.
    public var ipv4Value: UInt32? {
        if isIPv4 { return UInt32(truncatingIfNeeded: low) }
        guard high == 0, low >> 32 == 0xFFFF else { return nil }
        return UInt32(truncatingIfNeeded: low)
    }
}
