import LinkCore

/// A client address as the logs write it: by default its network, not the address (an IPv4
/// address's /24, `203.0.113.0/24`; an IPv6 address's /48, `2001:db8:1::/48`), so that a log
/// says where trouble came from without keeping who each visitor was. The analytics keep no
/// address at all; a log that needs one more closely names the same networks.
/// ``LinkServiceConfiguration/logFullClientAddresses`` (`WAYFINDER_LOG_FULL_ADDRESSES`) writes
/// the whole address instead.
package enum LoggedAddress {
    /// `address` (an address, or a rate-limit bucket such as `2001:db8:1:2::/64`) as a log
    /// writes it; text that is not an address (`unknown`) as it is.
    package static func text(_ address: String, full: Bool) -> String {
        guard !full else { return address }
        let bare = address.split(separator: "/", maxSplits: 1).first.map(String.init) ?? address
        guard let ip = IPAddress(bare) else { return address }
        if ip.isV4 {
            return ip.bytes.prefix(3).map(String.init).joined(separator: ".") + ".0/24"
        }
        let groups = stride(from: 0, to: 6, by: 2).map {
            String(UInt16(ip.bytes[$0]) << 8 | UInt16(ip.bytes[$0 + 1]), radix: 16)
        }
        return groups.joined(separator: ":") + "::/48"
    }
}
