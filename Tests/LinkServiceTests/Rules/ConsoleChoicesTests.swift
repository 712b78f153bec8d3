import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkService
import NIOCore
import Testing

/// The console's link page lists the link's rules and A/B variants and draws clicks per rule and
/// per variant on the server, with the counts as a table.
@Suite("Console rules and variants")
struct ConsoleChoicesTests {
    static let web = "https://www.stories.example.com/story"

    @Test("the link page shows each rule and variant and the clicks each decided")
    func linkPage() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlush = .synchronous
        let service = try await TestService.make(configuration: configuration)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(
                    string:
                        #"{"destination": "\#(Self.web)", "slug": "ab", "rules": [{"name": "German speakers", "when": [{"language": "de"}], "destination": "\#(Self.web)/de"}], "variants": [{"destination": "\#(Self.web)/a", "weight": 30}, {"destination": "\#(Self.web)/b", "weight": 70}]}"#
                ))
            try #require(created.status == .created)
            var german = HTTPFields.visitor(Agents.desktop)
            german[.acceptLanguage] = "de-DE"
            for _ in 0..<3 { _ = try await client.execute(uri: "/ab", method: .get, headers: german) }
            var second = HTTPFields.visitor(Agents.desktop)
            second[.cookie] = "wf_v_ab=1"
            for _ in 0..<2 { _ = try await client.execute(uri: "/ab", method: .get, headers: second) }

            var console = ConsoleClient(client)
            try await console.signIn(key)
            let page = try await console.get("/admin/links/ab").text
            #expect(page.contains("<strong>Rule 1 “German speakers”</strong>: when language de, to \(Self.web)/de"))
            #expect(page.contains("<strong>Variant A (30%)</strong>: to \(Self.web)/a"))
            #expect(page.contains(#"<h2 id="rule-clicks-heading">Clicks by rule</h2>"#))
            #expect(page.contains(#"<h2 id="variant-clicks-heading">Clicks by variant</h2>"#))
            #expect(page.contains(#"<tr><td>Rule 1 “German speakers”</td><td class="number">3</td>"#))
            #expect(page.contains(#"<tr><td>Variant A (30%)</td><td class="number">0</td>"#))
            #expect(page.contains(#"<tr><td>Variant B (70%)</td><td class="number">2</td>"#))
            #expect(page.contains(#"<svg class="share""#))
        }
        await service.close()
    }
}
