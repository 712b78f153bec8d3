import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The per-address connection cap counts an IPv6 client by its /64, as the rate limits do: one
/// host holds the whole /64 and could otherwise open the cap's worth from each address of it.
@Suite("Connections per address: IPv6 by /64")
struct ConnectionsPerAddressTests {
    @Test("the addresses of one IPv6 /64 share one cap")
    func ipv6ByPrefix() {
        let connections = ConnectionsPerAddress(limit: 3)
        #expect(connections.open("2001:db8:1:2::1"))
        #expect(connections.open("2001:db8:1:2::2"))
        #expect(connections.open("2001:db8:1:2:ffff:ffff:ffff:ffff"))
        #expect(!connections.open("2001:db8:1:2:abcd::9"))
        // Another /64 has a cap of its own.
        #expect(connections.open("2001:db8:1:3::1"))
        #expect(connections.count(of: "2001:db8:1:2::77") == 3)
        connections.close("2001:db8:1:2::1")
        #expect(connections.open("2001:db8:1:2::42"))
    }

    @Test("IPv4 addresses, mapped ones too, each have their own cap")
    func ipv4ByAddress() {
        let connections = ConnectionsPerAddress(limit: 1)
        #expect(connections.open("203.0.113.7"))
        #expect(!connections.open("::ffff:203.0.113.7"))
        #expect(connections.open("203.0.113.8"))
    }
}
