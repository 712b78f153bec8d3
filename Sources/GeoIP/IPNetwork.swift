/// An IP network: the addresses that share their first ``prefixLength`` bits with ``address``
/// (CIDR `203.0.113.0/24`, `2001:db8::/32`; a single address is its own network, `/32` or `/128`).
///
/// Make one from text with ``init(_:)`` or from an address and a prefix length with
/// ``init(address:prefixLength:)``, which clears the host bits (`203.0.113.77` and 24 make
/// `203.0.113.0/24`). A network holds addresses of its own family only; an IPv4-mapped IPv6
/// address (`::ffff:a.b.c.d`) is the IPv4 address it maps (``IPAddress/unmapped``), both as a
/// network's address and as an address ``contains(_:)`` is asked about.
public struct IPNetwork: Sendable, Hashable {
    /// The network's first address: the prefix, with every bit after it clear.
    public let address: IPAddress
    /// How many leading bits the addresses of the network share: 0 to 32 for IPv4, to 128 for IPv6.
    public let prefixLength: Int

    /// The network of `address`'s first `prefixLength` bits; nil when the length is negative or
    /// longer than the address (32 bits for IPv4 and an IPv4-mapped address, 128 for IPv6).
    public init?(address: IPAddress, prefixLength: Int) {
        let address = address.unmapped
        guard prefixLength >= 0, prefixLength <= address.bitWidth else { return nil }
        let (high, low) = Self.masks(prefixLength, isIPv4: address.isIPv4)
        self.address =
            address.isIPv4
            ? IPAddress(ipv4: UInt32(truncatingIfNeeded: address.low & low))
            : IPAddress(ipv6High: address.high & high, low: address.low & low)
        self.prefixLength = prefixLength
    }

    /// Whether `address` (or the IPv4 address it maps) is in this network.
    public func contains(_ address: IPAddress) -> Bool {
        let address = address.unmapped
        guard address.isIPv4 == self.address.isIPv4 else { return false }
        let (high, low) = Self.masks(prefixLength, isIPv4: address.isIPv4)
        return address.high & high == self.address.high && address.low & low == self.address.low
    }

    /// The bits of the prefix in the high and the low 64 bits (IPv4's 32 are in the low half).
    private static func masks(_ prefixLength: Int, isIPv4: Bool) -> (high: UInt64, low: UInt64) {
        let length = isIPv4 ? prefixLength + 96 : prefixLength
        // Shifts of 64 or more give 0.
        return (UInt64.max << (64 - min(length, 64)), UInt64.max << (128 - max(length, 64)))
    }
}

extension IPNetwork: CustomStringConvertible {
    /// The network in CIDR text: its address as ``IPAddress/description`` writes it, `/`, the
    /// prefix length (`203.0.113.0/24`, `2001:db8:1:2::/64`).
    public var description: String { "\(address)/\(prefixLength)" }
}
