import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkService
import Testing

/// A long link's card on the tenant's domain: `si` only over https and never on a non-global IP
/// literal, whatever `"longLinks"` says; `st` and `sd` cut to a bounded length and escaped.
@Suite("Long links' card: https images, bounded text")
struct LongLinkCardTests {
    static let link = "/?link=https%3A%2F%2Fwww.stories.example.com%2Fstory%2F7"

    @Test(
        "a long link's si is shown only over https and never on an internal address, even without imageHosts",
        arguments: [
            "http%3A%2F%2Fevil.example.net%2Fbait.png", "http%3A%2F%2Fcdn.stories.example.com%2Fs.png",
            "https%3A%2F%2F10.0.0.1%2Fs.png", "https%3A%2F%2F127.0.0.1%2Fs.png", "https%3A%2F%2F%5B%3A%3A1%5D%2Fs.png",
            "https%3A%2F%2F169.254.169.254%2Fs.png",
        ])
    func imageRefused(image: String) async throws {
        let html = try await LongLinkSocialTests.crawl(
            "\(Self.link)&st=Spring&si=\(image)", manifest: LongLinkSocialTests.manifest(longLinks: nil))
        #expect(html.contains("Spring"))
        let decoded = image.removingPercentEncoding ?? image
        #expect(!html.contains(decoded), "\(decoded) is on the page")
        #expect(!html.contains(#"og:image" content="http:"#))
    }

    @Test("a long link's https si on a public host is still shown, as FDL did")
    func httpsImageKept() async throws {
        let html = try await LongLinkSocialTests.crawl(
            "\(Self.link)&si=https%3A%2F%2Fimages.example.net%2Fs.png",
            manifest: LongLinkSocialTests.manifest(longLinks: nil))
        #expect(html.contains("https://images.example.net/s.png"))
    }

    @Test("a long link's st and sd are cut to a bounded length and escaped")
    func textBounded() async throws {
        let title = String(repeating: "T", count: 5_000)
        let description = String(repeating: "D", count: 5_000)
        let html = try await LongLinkSocialTests.crawl(
            "\(Self.link)&st=\(title)%3Cscript%3E&sd=\(description)",
            manifest: LongLinkSocialTests.manifest(longLinks: nil))
        // The page's og:url repeats the visited URL, so only the card's own values are looked at.
        #expect(html.contains(#"og:title" content="\#(String(repeating: "T", count: 199))…""#))
        #expect(html.contains(#"og:description" content="\#(String(repeating: "D", count: 499))…""#))
        #expect(!html.contains("<script>"))
        let short = try await LongLinkSocialTests.crawl(
            "\(Self.link)&st=%3Cb%3ESpring%3C%2Fb%3E", manifest: LongLinkSocialTests.manifest(longLinks: nil))
        #expect(short.contains("&lt;b&gt;Spring"))
    }
}
