import GeoIP

extension FuzzTarget {
    /// A MaxMind DB file: opened, then fixed addresses (where the seeds have records) and one made
    /// of the input's first 16 bytes are looked up, as records and as country codes.
    static let maxMind = FuzzTarget(name: "maxmind") { bytes in
        guard let database = try? MaxMindDatabase(bytes: bytes) else { return }
        var high: UInt64 = 0
        var low: UInt64 = 0
        for (index, byte) in bytes.prefix(16).enumerated() {
            if index < 8 { high = high << 8 | UInt64(byte) } else { low = low << 8 | UInt64(byte) }
        }
        let fromInput = [IPAddress(ipv6High: high, low: low), IPAddress(ipv4: UInt32(truncatingIfNeeded: high))]
        for address in FuzzTarget.maxMindAddresses + fromInput {
            _ = try? database.lookup(address)
            _ = database.countryCode(for: address)
        }
    }

    static let maxMindAddresses = [
        "1.1.1.1", "2.2.2.2", "4.0.1.1", "81.2.69.160", "9.9.9.9", "1.2.3.4", "200.1.1.1", "2001:db8::1",
        "2001:db8:1::5", "::1", "::ffff:1.1.1.1",
    ].compactMap { IPAddress($0) }

    /// IP address and network text (what `countryCode(for:)`, client addresses and `ip`
    /// conditions parse): a parsed address prints canonically, and its canonical text parses
    /// back to it; a parsed network holds its own address and parses back from its text too.
    static let ipAddress = FuzzTarget(name: "ip-address") { bytes in
        if let network = IPNetwork(bytes.text) {
            guard network.contains(network.address), IPNetwork(network.description) == network else {
                fatalError("\(network) does not hold its address or parse back to itself from \(bytes.text)")
            }
        }
        guard let address = IPAddress(bytes.text) else { return }
        guard IPAddress(address.description) == address else {
            fatalError("\(address) does not parse back to itself from \(bytes.text)")
        }
    }
}
