import GeoIP
import Testing

@Suite("IP networks (CIDR)")
struct IPNetworkTests {
    @Test(
        "networks parse, clear their host bits and print as CIDR; an address is its own network",
        arguments: [
            ("203.0.113.0/24", "203.0.113.0/24"), ("203.0.113.77/24", "203.0.113.0/24"),
            ("10.0.0.0/08", "10.0.0.0/8"), ("0.0.0.0/0", "0.0.0.0/0"), ("255.255.255.255/32", "255.255.255.255/32"),
            ("2001:db8::/32", "2001:db8::/32"), ("2001:db8:1:2:3::/64", "2001:db8:1:2::/64"),
            ("2001:db8:1:2:3:4:5:6/48", "2001:db8:1::/48"), ("2001:db8::1/127", "2001:db8::/127"),
            ("::/0", "::/0"), ("ffff::1/1", "8000::/1"), ("::1/128", "::1/128"),
            ("203.0.113.7", "203.0.113.7/32"), ("2001:db8::1", "2001:db8::1/128"),
            ("::ffff:203.0.113.7", "203.0.113.7/32"),
        ])
    func parsesAndPrints(text: String, canonical: String) throws {
        let network = try #require(IPNetwork(text))
        #expect(network.description == canonical)
        #expect(IPNetwork(canonical) == network)
    }

    @Test(
        "what a network holds: the addresses of its family that share its prefix",
        arguments: [
            ("203.0.113.0/24", "203.0.113.200", true), ("203.0.113.0/24", "203.0.114.1", false),
            ("10.0.0.0/9", "10.127.255.255", true), ("10.0.0.0/9", "10.128.0.0", false),
            ("0.0.0.0/0", "192.0.2.1", true), ("0.0.0.0/0", "2001:db8::1", false),
            ("2001:db8::/32", "2001:db8:ffff::5", true), ("2001:db8::/32", "2001:db9::5", false),
            ("2001:db8:1:2::/64", "2001:db8:1:2:ffff:ffff:ffff:ffff", true),
            ("2001:db8:1:2::/64", "2001:db8:1:3::", false), ("2001:db8::/65", "2001:db8::8000:0:0:0", false),
            ("::/0", "2001:db8::1", true), ("::/0", "203.0.113.9", false),
            // An IPv4-mapped address is the IPv4 address it maps.
            ("203.0.113.0/24", "::ffff:203.0.113.9", true), ("::/0", "::ffff:203.0.113.9", false),
            ("::ffff:203.0.113.9", "203.0.113.9", true),
        ])
    func contains(network: String, address: String, holds: Bool) throws {
        let network = try #require(IPNetwork(network))
        #expect(network.contains(try #require(IPAddress(address))) == holds)
    }

    @Test(
        "anything else is not a network, an IPv4-mapped address with a length too",
        arguments: [
            "", "/24", "1.2.3.4/", "1.2.3.4/33", "::/129", "1.2.3.4/-1", "1.2.3.4/+1", "1.2.3.4/0008", "1.2.3.4/ 8",
            "1.2.3.4/24/1", " 1.2.3.4/24", "01.2.3.4/8", "fe80::1%eth0/64", "[::1]/128", "::ffff:10.0.0.0/104",
            "::ffff:10.0.0.0/8", "2001:db8::/3a",
        ])
    func rejects(text: String) {
        #expect(IPNetwork(text) == nil, "\(text)")
    }

    @Test("made of an address and a length: host bits cleared, a mapped address's length counts IPv4 bits")
    func fromAddress() throws {
        let address = try #require(IPAddress("2001:db8:1:2:3:4:5:6"))
        #expect(IPNetwork(address: address, prefixLength: 64)?.description == "2001:db8:1:2::/64")
        #expect(IPNetwork(address: address, prefixLength: 0)?.description == "::/0")
        #expect(IPNetwork(address: address, prefixLength: 129) == nil)
        #expect(IPNetwork(address: address, prefixLength: -1) == nil)
        let mapped = try #require(IPAddress("::ffff:198.51.100.9"))
        #expect(IPNetwork(address: mapped, prefixLength: 24)?.description == "198.51.100.0/24")
        #expect(IPNetwork(address: mapped, prefixLength: 33) == nil)
    }
}
