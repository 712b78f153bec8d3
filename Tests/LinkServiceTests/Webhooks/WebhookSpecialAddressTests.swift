import GeoIP
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The webhook SSRF rule over IANA's IPv4 and IPv6 Special-Purpose Address Registries: every
/// block that is not globally reachable is refused, the globally reachable ones inside them pass,
/// and an IPv6 address that carries an IPv4 one is judged by the IPv4 address it carries.
@Suite("Webhook destinations: special-purpose addresses")
struct WebhookSpecialAddressTests {
    /// One address in each block of the registries that is not globally reachable, and what the
    /// refusal calls it.
    static let refused: [(String, String)] = [
        // IPv4 (RFC 6890 and updates)
        ("0.1.2.3", "unspecified"), ("10.9.8.7", "private"), ("100.127.0.1", "shared (carrier-grade NAT)"),
        ("127.0.0.1", "loopback"), ("169.254.0.1", "link-local"), ("172.20.0.1", "private"),
        ("192.0.0.1", "IETF protocol assignment"), ("192.0.0.9", "IETF protocol assignment"),
        ("192.0.2.1", "documentation (TEST-NET-1)"), ("192.88.99.1", "6to4 relay anycast (deprecated)"),
        ("192.168.0.1", "private"), ("198.18.0.1", "benchmarking"), ("198.19.255.254", "benchmarking"),
        ("198.51.100.1", "documentation (TEST-NET-2)"), ("203.0.113.1", "documentation (TEST-NET-3)"),
        ("239.255.255.250", "multicast"), ("240.0.0.1", "reserved"), ("255.255.255.255", "reserved"),
        // IPv6
        ("::", "unspecified"), ("::1", "loopback"), ("64:ff9b:1::a00:1", "NAT64 local-use"),
        ("100::1", "discard-only"), ("100:0:0:1::1", "dummy prefix"), ("2001:2::1", "IETF protocol assignment"),
        ("2001:10::1", "IETF protocol assignment"), ("2001:db8::1", "documentation"), ("3fff::1", "documentation"),
        ("5f00::1", "segment routing (SRv6) SIDs"), ("fc00::1", "unique-local"), ("fe80::1", "link-local"),
        ("fec0::1", "site-local (deprecated)"), ("ff02::1", "multicast"), ("4000::1", "reserved (outside 2000::/3)"),
        // IPv6 forms that carry an IPv4 address
        ("::ffff:127.0.0.1", "loopback"), ("::ffff:10.0.0.1", "private"),
        ("::127.0.0.1", "IPv4-compatible (deprecated, ::/96) of 127.0.0.1"),
        ("::8.8.8.8", "IPv4-compatible (deprecated, ::/96) of 8.8.8.8"),
        ("::ffff:0:127.0.0.1", "IPv4-translated (::ffff:0:0:0/96) of 127.0.0.1"),
        ("64:ff9b::127.0.0.1", "NAT64 of 127.0.0.1, loopback"), ("64:ff9b::10.1.2.3", "NAT64 of 10.1.2.3, private"),
        ("2002:7f00:1::1", "6to4 of 127.0.0.1, loopback"), ("2002:c0a8:101::", "6to4 of 192.168.1.1, private"),
        // Teredo: server 65.54.227.120, client 127.0.0.1 (inverted: 80ff:fffe).
        ("2001:0:4136:e378:8000:63bf:80ff:fffe", "Teredo of 127.0.0.1, loopback"),
        ("2001:0:a00:1::1", "Teredo of 10.0.0.1, private"),
    ]

    @Test("addresses that are not global unicast are refused and named", arguments: refused)
    func refusedAddress(address: String, kind: String) throws {
        #expect(try #require(IPAddress(host: address)).nonGlobalKind == kind)
    }

    /// Global unicast addresses, the globally reachable blocks of the registries among them.
    static let global = [
        "8.8.8.8", "1.1.1.1", "172.32.0.1", "192.0.1.1", "192.31.196.1", "192.52.193.1", "192.175.48.1",
        "198.20.0.1", "223.255.255.254", "2606:4700::1", "2a00:1450:4001::1", "2001:4:112::1", "2001:20::1",
        "2001:3::1", "2620:4f:8000::1", "64:ff9b::8.8.8.8", "2002:808:808::1",
        "2001:0:4136:e378:8000:63bf:f7f7:f7f7",
    ]

    @Test("global unicast addresses pass, the registries' globally reachable blocks too", arguments: global)
    func globalAddress(address: String) throws {
        #expect(try #require(IPAddress(host: address)).nonGlobalKind == nil)
    }

    @Test(
        "an endpoint URL on an address that carries a private IPv4 one is refused",
        arguments: [
            "https://[::127.0.0.1]/hook", "https://[64:ff9b::7f00:1]:8080/hook", "https://[2002:7f00:1::1]/hook",
            "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/hook", "https://[fec0::1]/hook",
            "https://[::ffff:0:7f00:1]/hook", "https://192.0.0.170/hook", "https://192.0.2.1/hook",
            "https://198.18.0.1/hook",
        ])
    func refusedURL(url: String) async {
        let policy = WebhookURLPolicy(allowPrivate: false)
        #expect(await policy.problem(url)?.contains("webhook URLs must reach the public internet") == true)
    }
}
