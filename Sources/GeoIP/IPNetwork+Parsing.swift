extension IPNetwork {
    /// Parses a network in CIDR text, `ADDRESS/LENGTH` (`203.0.113.0/24`, `2001:db8::/32`), or a
    /// single address (`203.0.113.7`: its own network, /32 or /128). The address is read as
    /// ``IPAddress/init(_:)`` reads it, the length is one to three decimal digits, at most the
    /// address's bits; host bits may be set (`203.0.113.7/24` is `203.0.113.0/24`). Nil for
    /// anything else.
    ///
    /// An IPv4-mapped address (`::ffff:203.0.113.7`) is the IPv4 address it maps, so it takes
    /// no length: write the IPv4 network (`203.0.113.0/24`), whose length counts IPv4's bits.
    public init?(_ text: some StringProtocol) {
        let utf8 = text.utf8
        guard let slash = utf8.firstIndex(of: UInt8(ascii: "/")) else {
            guard let address = IPAddress(text) else { return nil }
            self.init(address: address, prefixLength: address.unmapped.bitWidth)
            return
        }
        let digits = utf8[utf8.index(after: slash)...]
        guard (1...3).contains(digits.count),
            digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
            let address = IPAddress(String(decoding: utf8[..<slash], as: UTF8.self)),
            address.unmapped == address
        else { return nil }
        self.init(address: address, prefixLength: digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) })
    }
}
