import GeoIP

/// Which addresses are global unicast: IANA's IPv4 and IPv6 Special-Purpose Address Registries
/// (RFC 6890 and its updates), multicast, and the IPv6 address space outside `2000::/3`. What the
/// webhook SSRF rule decides on, so that an API key cannot make the server call into its own
/// networks, directly or through an address that carries an IPv4 one.
extension IPAddress {
    /// Why the address is not a global unicast address, in the registry's words (`loopback`,
    /// `private`, `documentation (TEST-NET-1)`, `6to4 of 127.0.0.1, loopback`); `nil` for a
    /// global unicast address. An IPv4-mapped address is judged as the IPv4 address it maps.
    ///
    /// An IPv6 address that carries an IPv4 address a translator or tunnel would reach (NAT64
    /// `64:ff9b::/96`, 6to4 `2002::/16`, Teredo `2001::/32`) is global only when the IPv4
    /// addresses it carries are; the deprecated IPv4-compatible (`::a.b.c.d`) and
    /// IPv4-translated (`::ffff:0:a.b.c.d`) forms are never global.
    package var nonGlobalKind: String? {
        let address = unmapped
        if address.isIPv4 {
            return Self.specialIPv4.first { $0.range.contains(address) }?.kind
        }
        if let carried = address.carriedIPv4 {
            if let refused = carried.alwaysRefused {
                return "\(refused) of \(carried.addresses.map(\.description).joined(separator: " and "))"
            }
            for carriedAddress in carried.addresses {
                if let kind = carriedAddress.nonGlobalKind { return "\(carried.form) of \(carriedAddress), \(kind)" }
            }
            return nil
        }
        if let special = Self.specialIPv6.first(where: { $0.range.contains(address) }) {
            if special.globalInside.contains(where: { $0.contains(address) }) { return nil }
            return special.kind
        }
        // IANA allocates global unicast from 2000::/3 only; the rest is reserved or unassigned.
        guard Self.globalUnicastV6.contains(address) else { return "reserved (outside 2000::/3)" }
        return nil
    }

    /// The IPv4 addresses an IPv6 address carries, the form that carries them, and, for the
    /// deprecated forms, the reason they are refused whatever they carry.
    private var carriedIPv4: (form: String, addresses: [IPAddress], alwaysRefused: String?)? {
        // The last 32 bits, bits 16-47, bits 32-63.
        let last = IPAddress(ipv4: UInt32(truncatingIfNeeded: low))
        if Self.nat64.contains(self) { return ("NAT64", [last], nil) }
        if Self.sixToFour.contains(self) {
            return ("6to4", [IPAddress(ipv4: UInt32(truncatingIfNeeded: high >> 16))], nil)
        }
        // Teredo: the server's address in bits 32-63, the client's, inverted, in the last 32.
        if Self.teredo.contains(self) {
            let server = IPAddress(ipv4: UInt32(truncatingIfNeeded: high))
            return ("Teredo", [server, IPAddress(ipv4: ~UInt32(truncatingIfNeeded: low))], nil)
        }
        if Self.translated.contains(self) {
            return ("IPv4-translated", [last], "IPv4-translated (::ffff:0:0:0/96)")
        }
        // ::/96 minus :: and ::1, which the registry names on their own.
        if Self.compatible.contains(self), low > 1 {
            return ("IPv4-compatible", [last], "IPv4-compatible (deprecated, ::/96)")
        }
        return nil
    }

    /// A block of a special-purpose registry that is not globally reachable, with the registry's
    /// name for it and the smaller blocks inside it that are.
    private struct SpecialBlock: Sendable {
        let range: IPNetwork
        let kind: String
        var globalInside: [IPNetwork] = []

        init(_ range: String, _ kind: String, globalInside: [String] = []) {
            self.range = IPNetwork(range)!
            self.kind = kind
            self.globalInside = globalInside.map { IPNetwork($0)! }
        }
    }

    /// IANA's IPv4 Special-Purpose Address Registry, the blocks not globally reachable, and
    /// multicast and the reserved 240/4 (the limited broadcast address among them). The whole of
    /// 192.0.0.0/24 is refused, its two anycast addresses (192.0.0.9, .10) too: no webhook lives
    /// there.
    private static let specialIPv4: [SpecialBlock] = [
        SpecialBlock("0.0.0.0/8", "unspecified"),
        SpecialBlock("10.0.0.0/8", "private"),
        SpecialBlock("100.64.0.0/10", "shared (carrier-grade NAT)"),
        SpecialBlock("127.0.0.0/8", "loopback"),
        SpecialBlock("169.254.0.0/16", "link-local"),
        SpecialBlock("172.16.0.0/12", "private"),
        SpecialBlock("192.0.0.0/24", "IETF protocol assignment"),
        SpecialBlock("192.0.2.0/24", "documentation (TEST-NET-1)"),
        SpecialBlock("192.88.99.0/24", "6to4 relay anycast (deprecated)"),
        SpecialBlock("192.168.0.0/16", "private"),
        SpecialBlock("198.18.0.0/15", "benchmarking"),
        SpecialBlock("198.51.100.0/24", "documentation (TEST-NET-2)"),
        SpecialBlock("203.0.113.0/24", "documentation (TEST-NET-3)"),
        SpecialBlock("224.0.0.0/4", "multicast"),
        SpecialBlock("240.0.0.0/4", "reserved"),
    ]

    /// IANA's IPv6 Special-Purpose Address Registry, the blocks not globally reachable (with the
    /// globally reachable ones inside 2001::/23), and the deprecated site-local and multicast
    /// blocks. The forms that carry IPv4 are decoded before this list is read.
    private static let specialIPv6: [SpecialBlock] = [
        SpecialBlock("::/128", "unspecified"),
        SpecialBlock("::1/128", "loopback"),
        SpecialBlock("64:ff9b:1::/48", "NAT64 local-use"),
        SpecialBlock("100::/64", "discard-only"),
        SpecialBlock("100:0:0:1::/64", "dummy prefix"),
        SpecialBlock("2001:db8::/32", "documentation"),
        SpecialBlock(
            "2001::/23", "IETF protocol assignment",
            globalInside: [
                "2001:1::1/128", "2001:1::2/128", "2001:1::3/128", "2001:3::/32", "2001:4:112::/48", "2001:20::/28",
                "2001:30::/28",
            ]),
        SpecialBlock("3fff::/20", "documentation"),
        SpecialBlock("5f00::/16", "segment routing (SRv6) SIDs"),
        SpecialBlock("fc00::/7", "unique-local"),
        SpecialBlock("fe80::/10", "link-local"),
        SpecialBlock("fec0::/10", "site-local (deprecated)"),
        SpecialBlock("ff00::/8", "multicast"),
    ]

    private static let globalUnicastV6 = IPNetwork("2000::/3")!
    private static let nat64 = IPNetwork("64:ff9b::/96")!
    private static let sixToFour = IPNetwork("2002::/16")!
    private static let teredo = IPNetwork("2001::/32")!
    private static let translated = IPNetwork("::ffff:0:0:0/96")!
    private static let compatible = IPNetwork("::/96")!
}
