import GeoIP
import Testing

@Suite("IP address text")
struct IPAddressTests {
    @Test(
        "Addresses parse to their bits and print canonically (dotted quad, RFC 5952)",
        arguments: [
            ("203.0.113.7", "203.0.113.7"),
            ("0.0.0.0", "0.0.0.0"),
            ("255.255.255.255", "255.255.255.255"),
            ("2001:db8::1", "2001:db8::1"),
            ("2001:DB8:0:0:0:0:0:1", "2001:db8::1"),
            ("::", "::"),
            ("::1", "::1"),
            ("1::", "1::"),
            ("1:0:0:2:0:0:0:3", "1:0:0:2::3"),
            ("1:0:0:2:0:0:3:4", "1::2:0:0:3:4"),
            ("2001:db8:0:1:1:1:1:1", "2001:db8:0:1:1:1:1:1"),
            ("fe80::0001:0:0:0", "fe80::1:0:0:0"),
            ("::ffff:203.0.113.7", "::ffff:203.0.113.7"),
            ("::FFFF:cb00:7107", "::ffff:203.0.113.7"),
            ("::203.0.113.7", "::cb00:7107"),
            ("64:ff9b::192.0.2.33", "64:ff9b::c000:221"),
            ("1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7:8"),
            ("1:2:3:4:5:6::8", "1:2:3:4:5:6:0:8"),
        ])
    func parsesAndPrints(text: String, canonical: String) throws {
        let address = try #require(IPAddress(text))
        #expect(address.description == canonical)
        #expect(IPAddress(canonical) == address)
    }

    @Test("Bits: IPv4 in the low 32 bits; IPv6 high half first; mapped addresses know their IPv4")
    func bits() throws {
        #expect(IPAddress("203.0.113.7") == IPAddress(ipv4: 0xCB00_7107))
        #expect(IPAddress("2001:db8::1") == IPAddress(ipv6High: 0x2001_0DB8_0000_0000, low: 1))
        #expect(IPAddress("::ffff:203.0.113.7")?.ipv4Value == 0xCB00_7107)
        #expect(IPAddress("::ffff:203.0.113.7")?.isIPv4 == false)
        #expect(IPAddress("::203.0.113.7")?.ipv4Value == nil)
        #expect(IPAddress("2001:db8::1")?.ipv4Value == nil)
    }

    @Test(
        "Anything else is not an address",
        arguments: [
            "", "1", "1.2.3", "1.2.3.4.5", "256.1.1.1", "01.2.3.4", "1.2.3.04", "1..2.3", "1.2.3.", ".1.2.3",
            "1.2.3.4 ",
            " 1.2.3.4", "1.2.3.-4", "1.2.3.a", ":", ":::", "1:", ":1", "1:2", "1::2::3", "12345::", "g::",
            "1:2:3:4:5:6:7:8:9",
            "1:2:3:4:5:6:7:8::", "::1:2:3:4:5:6:7:8", "1:2:3:4:5:6:7::8", "1:2:3:4:5:6::1.2.3.4", "::1.2.3",
            "::1.2.3.4.5",
            "::1.2.3.4:5", "1.2.3.4::", "fe80::1%eth0", "[::1]", "2001:db8::/32", "::ffff:256.1.1.1",
        ])
    func rejects(text: String) {
        #expect(IPAddress(text) == nil, "\(text)")
    }
}
