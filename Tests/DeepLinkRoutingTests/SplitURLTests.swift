import DeepLinkRouting
import Foundation
import Testing

@Suite("SplitURL: the package's one URL splitter")
struct SplitURLTests {
    /// Where the link service used `URLComponents` before, the splitter must agree with it: what
    /// it refuses, and the host, port, user, password and query it reads.
    @Test(
        "accepts and reads the authority as URLComponents(string:) does",
        arguments: [
            "https://EXAMPLE.com/a", "https://ex%41mple.com/", "https://[::1]:8080/x", "https://[::1]/",
            "https://[::1/", "https://[::1]x/", "https://[::1]:/", "https://a<b.com/", "https://a%zz.com/",
            "https://é.com/", "https://a]b/", "https://a{b/", "https://a|b/", "https://a.com:0x1/", "https://a.com:-1/",
            "https://a.com:8x/", "https://a.com:80:90/", "https://:80/", "https:///x", "https://u@a.com/",
            "https://u:p@a.com/", "https://@a.com/", "https://a.com%2F@b/", "https://a.com:/x", "https://a_b.com/",
            "https://a.com/<x>", "https://a.com/?q=[1]", "https://a.com/#a#b", "http://a.com#x", "http://a.com?x",
            "myapp://x/y", "mailto:x@y", "https:foo", "x:", "x-y.z+w://h", "a://b:c:d@e/", "HTTPS://A.COM/P?Q#F",
            "postgres://u%40x:p%3A@h:5432/d%20b?sslmode=disable&schema=x", "1http://a/", "ht_tp://a/",
        ]
    )
    func agreesWithFoundation(text: String) {
        let components = URLComponents(string: text)
        let split = SplitURL(text).flatMap { $0.hasValidAuthority ? $0 : nil }
        #expect((split == nil) == (components == nil))
        guard let split, let components else { return }
        #expect(split.scheme == components.scheme)
        #expect(split.host.map { PercentDecoding.decode($0) ?? $0 } == components.host)
        #expect(split.portNumber == components.port)
        #expect(split.user.map { PercentDecoding.decode($0) ?? $0 } == components.user)
        #expect(split.password.map { PercentDecoding.decode($0) ?? $0 } == components.password)
        #expect((split.query == nil) == (components.percentEncodedQuery == nil))
        #expect((split.fragment == nil) == (components.fragment == nil))
    }

    @Test(
        "splits HOST[:PORT] as a URL's authority",
        arguments: [
            ("example.com", "example.com", nil), ("127.0.0.1:8443", "127.0.0.1", "8443"), ("[::1]:80", "[::1]", "80"),
            ("[::1]", "[::1]", nil), ("example.com:", "example.com", ""),
        ] as [(String, String, String?)]
    )
    func hostAndPort(text: String, host: String, port: String?) {
        let split = SplitURL.hostAndPort(text)
        #expect(split.host == host)
        #expect(split.port == port)
    }
}
