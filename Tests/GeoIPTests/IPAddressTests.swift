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

/// Where the parsers this one replaced (`inet_pton`, NIO's `SocketAddress(ipAddress:)`, the rules'
/// and the webhook guard's own) read the same text differently, the strictest reading is kept.
@Suite("IP address text: edge cases, the strictest reading")
struct IPAddressEdgeCaseTests {
    @Test("a zone identifier is refused, bracketed in a URL's host too (NIO's parser took one)")
    func zoneIdentifierIsRefused() {
        for text in ["fe80::1%eth0", "fe80::1%1", "fe80::1%", "::1%lo"] {
            #expect(IPAddress(text) == nil, "\(text)")
            #expect(IPAddress(host: "[\(text)]") == nil, "[\(text)]")
        }
    }

    @Test("an IPv4-mapped address stays IPv6 and prints so; unmapped, it is its IPv4 address")
    func ipv4MappedAddress() throws {
        let mapped = try #require(IPAddress("::ffff:1.2.3.4"))
        #expect(!mapped.isIPv4)
        #expect(mapped.description == "::ffff:1.2.3.4")
        #expect(IPAddress("::FFFF:0102:0304") == mapped)
        #expect(mapped.unmapped == IPAddress(ipv4: 0x0102_0304))
        #expect(mapped.unmapped.isIPv4)
        // Only ::ffff:0:0/96 maps: the IPv4-compatible and -translated forms stay as they are.
        #expect(IPAddress("::1.2.3.4")?.unmapped.isIPv4 == false)
        #expect(IPAddress("::ffff:0:1.2.3.4")?.unmapped.isIPv4 == false)
        #expect(IPAddress("1.2.3.4")?.unmapped == IPAddress("1.2.3.4"))
    }

    @Test("leading zeros in a dotted quad are refused, inside IPv6 text too; in hex groups they are not")
    func leadingZeros() {
        for text in ["01.2.3.4", "1.2.3.04", "001.2.3.4", "1.00.3.4", "::ffff:01.2.3.4", "64:ff9b::1.02.3.4"] {
            #expect(IPAddress(text) == nil, "\(text)")
        }
        #expect(IPAddress("10.0.0.1") == IPAddress(ipv4: 0x0A00_0001))
        #expect(IPAddress("2001:0db8:0000::0001") == IPAddress("2001:db8::1"))
    }

    @Test("brackets: refused in address text, taken around a URL's host (IPv6 or IPv4)")
    func brackets() {
        #expect(IPAddress("[::1]") == nil)
        #expect(IPAddress("[203.0.113.7]") == nil)
        #expect(IPAddress(host: "[::1]") == IPAddress(ipv6High: 0, low: 1))
        #expect(IPAddress(host: "::1") == IPAddress(ipv6High: 0, low: 1))
        #expect(IPAddress(host: "[203.0.113.7]") == IPAddress(ipv4: 0xCB00_7107))
        #expect(IPAddress(host: "203.0.113.7") == IPAddress(ipv4: 0xCB00_7107))
        for host in ["[::1", "::1]", "[]", "[", "[[::1]]", "[::1]:443", "example.com", "[example.com]", " [::1]"] {
            #expect(IPAddress(host: host) == nil, "\(host)")
        }
    }

    @Test("an IPv4 address embedded in IPv6 text is its last 32 bits, and only there")
    func embeddedIPv4() {
        #expect(IPAddress("::1.2.3.4") == IPAddress(ipv6High: 0, low: 0x0102_0304))
        #expect(IPAddress("64:ff9b::192.0.2.33") == IPAddress(ipv6High: 0x0064_FF9B_0000_0000, low: 0xC000_0221))
        #expect(
            IPAddress("1:2:3:4:5:6:1.2.3.4") == IPAddress(ipv6High: 0x0001_0002_0003_0004, low: 0x0005_0006_0102_0304))
        for text in ["1:2:3:4:5:6:7:1.2.3.4", "1.2.3.4::", "::1.2.3.4:5", "::1.2.3", "1.2.3.4::1", "::1.2.3.4/32"] {
            #expect(IPAddress(text) == nil, "\(text)")
        }
    }

    @Test("a hex group is hex digits only: no sign, no 0x (the rules' parser took `+1`)")
    func hexGroupsAreDigitsOnly() {
        for text in ["::+1", "+1::", "::-0", "::0x1", "1:+2::", "::1 "] {
            #expect(IPAddress(text) == nil, "\(text)")
        }
    }

    @Test("from bytes in network order: 4 are IPv4, 16 are IPv6 (mapped ones too), others nothing")
    func fromBytes() {
        #expect(IPAddress(bytes: [203, 0, 113, 7]) == IPAddress("203.0.113.7"))
        #expect(
            IPAddress(bytes: [0x20, 0x01, 0x0D, 0xB8] + [UInt8](repeating: 0, count: 11) + [1])
                == IPAddress("2001:db8::1"))
        let mapped = IPAddress(bytes: [UInt8](repeating: 0, count: 10) + [0xFF, 0xFF, 1, 2, 3, 4])
        #expect(mapped == IPAddress("::ffff:1.2.3.4"))
        #expect(mapped?.isIPv4 == false)
        #expect(IPAddress(bytes: [1, 2, 3]) == nil)
        #expect(IPAddress(bytes: [UInt8](repeating: 0, count: 5)) == nil)
    }
}
