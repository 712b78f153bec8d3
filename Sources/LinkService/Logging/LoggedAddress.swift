import GeoIP

/// A client address as the logs write it: by default its network, not the address (an IPv4
/// address's /24, `203.0.113.0/24`; an IPv6 address's /48, `2001:db8:1::/48`), so that a log
/// says where trouble came from without keeping who each visitor was. The analytics keep no
/// address at all; a log that needs one more closely names the same networks.
/// ``LinkServiceConfiguration/logFullClientAddresses`` (`WAYFINDER_LOG_FULL_ADDRESSES`) writes
/// the whole address instead.
package enum LoggedAddress {
    /// `address` (an address, or a rate-limit bucket such as `2001:db8:1:2::/64`) as a log
    /// writes it; text that is not an address (`unknown`) as it is. An IPv4-mapped address is
    /// logged as the IPv4 address it maps.
    package static func text(_ address: String, full: Bool) -> String {
        guard !full else { return address }
        let bare = address.split(separator: "/", maxSplits: 1).first ?? Substring(address)
        guard let ip = IPAddress(bare)?.unmapped else { return address }
        if ip.isIPv4 {
            return IPNetwork(address: ip, prefixLength: 24)!.description
        }
        // The /48's three groups written out, then `::/48` (`0:0:0::/48` for `::1`): the form
        // logs have always had, so that searches over old and new lines find the same network.
        let network = IPNetwork(address: ip, prefixLength: 48)!.address
        let groups = (0..<3).map { String(UInt16(truncatingIfNeeded: network.high >> (48 - 16 * $0)), radix: 16) }
        return groups.joined(separator: ":") + "::/48"
    }
}
