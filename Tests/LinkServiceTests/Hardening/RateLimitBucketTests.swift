import GeoIP
import LinkService
import NIOCore
import Testing

/// A client's rate-limit bucket: an IPv4 address as it is, an IPv6 address by its /64 in its
/// short form, an IPv4 client of a dual-stack socket as its IPv4 address.
@Suite("Rate-limit buckets")
struct RateLimitBucketTests {
    @Test(
        "an address's bucket: IPv4 exact, IPv6 by its /64, IPv4-mapped as IPv4; other text as it is",
        arguments: [
            ("203.0.113.7", "203.0.113.7"), ("::ffff:203.0.113.7", "203.0.113.7"),
            ("::FFFF:cb00:7107", "203.0.113.7"), ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
            ("2001:DB8:1:2::1", "2001:db8:1:2::/64"), ("2001:db8::1", "2001:db8::/64"), ("::1", "::/64"),
            ("0:0:0:1::5", "0:0:0:1::/64"), ("2001:0:0:1::5", "2001:0:0:1::/64"), ("::1.2.3.4", "::/64"),
            ("fe80::1%eth0", "fe80::1%eth0"), ("[::1]", "[::1]"), ("unknown", "unknown"), ("01.2.3.4", "01.2.3.4"),
        ])
    func key(address: String, bucket: String) {
        #expect(RateLimitBucket.key(for: address) == bucket)
    }

    @Test(
        "a peer's socket address is read from its bytes: the same address as its text",
        arguments: ["203.0.113.7", "0.0.0.0", "255.255.255.255", "::1", "2001:db8:1:2:3:4:5:6", "::ffff:203.0.113.7"])
    func socketAddress(text: String) throws {
        let socketAddress = try SocketAddress(ipAddress: text, port: 443)
        #expect(IPAddress(socketAddress) == IPAddress(text))
        let address = try #require(IPAddress(socketAddress))
        #expect(RateLimitBucket.key(for: address, written: text) == RateLimitBucket.key(for: text))
    }

    @Test("a Unix domain socket has no IP address")
    func unixSocket() throws {
        #expect(IPAddress(try SocketAddress(unixDomainSocketPath: "wayfinder-test.sock")) == nil)
    }
}
