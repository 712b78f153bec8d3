import GeoIP

/// The rate-limit bucket of a client address: an IPv4 address as it is; an IPv6 address by its
/// /64 (`2001:db8:1:2::/64`), the prefix one subscriber or one host usually holds, so that
/// walking through the addresses of one's own prefix does not open a fresh bucket per request.
/// An IPv4 client seen through an IPv6 socket (`::ffff:a.b.c.d`) keeps its exact IPv4 address.
package enum RateLimitBucket {
    /// The bucket of `address` in text (a peer's); text that is no IPv6 address as it is (an
    /// IPv4 address, `unknown`).
    package static func key(for address: String) -> String {
        guard address.utf8.contains(UInt8(ascii: ":")), let parsed = IPAddress(address) else { return address }
        return key(for: parsed, written: address)
    }

    /// The bucket of `address`, which is written `text` (the bucket of an IPv4 address).
    package static func key(for address: IPAddress, written text: String) -> String {
        if address.isIPv4 { return text }
        let unmapped = address.unmapped
        if unmapped.isIPv4 { return unmapped.description }
        // Every IPv6 address makes a /64.
        return IPNetwork(address: address, prefixLength: 64)!.description
    }
}
