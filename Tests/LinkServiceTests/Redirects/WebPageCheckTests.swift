import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// The redirect path's quick website check against the URL-parsing one it stands for.
@Suite("Website page check")
struct WebPageCheckTests {
    @Test("isWebPageQuickly answers as isWebPage for every mixture of scheme, host and rest")
    func quickCheckAgrees() throws {
        let policy = LinkPolicy(tenant: try Tenant.make(from: TestService.example("storyteller")))
        let schemes = [
            "https://", "http://", "HTTPS://", "Http://", "storyteller://", "https:/", "https:", "ftp://", "",
        ]
        let hosts = [
            "www.stories.example.com", "WWW.Stories.Example.COM", "stories.example.com", "www.stories.example.com:443",
            "user@www.stories.example.com", "www.stories.example.com.evil.com", "%77ww.stories.example.com", "[::1]",
            "", "www.stories.example.com\\", "www.stories.example.co", "wwW.stories.example.com ",
        ]
        let rests = [
            "", "/", "/a/b", "?x=1", "#f", "/a b", "/%zz", "/%41", "/é", "\\x", "/a#b#c", "?a?b", "/[x]", "//x",
        ]
        var checked = 0
        for scheme in schemes {
            for host in hosts {
                for rest in rests {
                    let text = scheme + host + rest
                    #expect(policy.isWebPageQuickly(text) == policy.isWebPage(text), "\(text)")
                    checked += 1
                }
            }
        }
        #expect(checked == schemes.count * hosts.count * rests.count)
        #expect(policy.isWebPageQuickly("https://www.stories.example.com/featured"))
        #expect(!policy.isWebPageQuickly("https://stories.example.com/story/1"))
    }
}
