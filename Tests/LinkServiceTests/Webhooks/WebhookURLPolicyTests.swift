import GeoIP
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

@Suite("Webhook URL policy (SSRF)")
struct WebhookURLPolicyTests {
    @Test(
        "addresses off the public internet are named; public ones are not",
        arguments: [
            ("127.0.0.1", "loopback"), ("127.9.9.9", "loopback"), ("::1", "loopback"), ("10.0.0.1", "private"),
            ("172.16.0.1", "private"), ("172.31.255.255", "private"), ("192.168.1.1", "private"),
            ("169.254.169.254", "link-local"), ("fe80::1", "link-local"), ("fd12:3456::1", "unique-local"),
            ("fc00::1", "unique-local"), ("0.0.0.0", "unspecified"), ("::", "unspecified"),
            ("::ffff:10.1.2.3", "private"), ("::ffff:127.0.0.1", "loopback"),
            ("100.64.0.1", "shared (carrier-grade NAT)"), ("224.0.0.1", "multicast"),
            ("ff02::1", "multicast"),
        ])
    func nonPublic(address: String, kind: String) throws {
        #expect(try #require(IPAddress(host: address)).nonGlobalKind == kind)
    }

    @Test(
        "public addresses pass", arguments: ["192.31.196.7", "8.8.8.8", "172.32.0.1", "2a00:1450::1", "[2606:4700::1]"])
    func publicAddresses(address: String) throws {
        #expect(try #require(IPAddress(host: address)).nonGlobalKind == nil)
    }

    @Test("https only, unless private networks are allowed; names that resolve to loopback are refused")
    func policy() async {
        let strict = WebhookURLPolicy(allowPrivate: false)
        #expect(await strict.problem("https://192.31.196.7/hook") == nil)
        #expect(await strict.problem("http://192.31.196.7/hook")?.contains("https") == true)
        #expect(await strict.problem("https://localhost:8443/hook")?.contains("loopback") == true)
        #expect(await strict.problem("https://[::1]/hook")?.contains("loopback") == true)
        #expect(await strict.problem("https://user:pw@192.31.196.7/hook") != nil)
        #expect(await strict.problem("ftp://192.31.196.7/hook") != nil)
        let open = WebhookURLPolicy(allowPrivate: true)
        #expect(await open.problem("http://127.0.0.1:9/hook") == nil)
        #expect(await open.problem("not a url") != nil)
    }

    @Test("a refusal names the address the host resolves to in its short form (RFC 5952)")
    func refusalNamesTheAddress() async {
        let strict = WebhookURLPolicy(allowPrivate: false)
        #expect(await strict.problem("https://[::1]/hook")?.contains("resolves to ::1, a loopback address") == true)
        #expect(
            await strict.problem("https://[::ffff:10.1.2.3]/hook")?.contains("resolves to ::ffff:10.1.2.3, a private")
                == true)
        #expect(
            await strict.problem("https://[2002:7f00:1::1]/hook")?.contains(
                "resolves to 2002:7f00:1::1, a 6to4 of 127.0.0.1, loopback address") == true)
    }
}
