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

/// The new-link form's UTM builder: the server shows the final URL after "Show final URL" (nothing
/// created) and on the link page after a save; the fields are the API's `utm`.
@Suite("Console UTM builder")
struct ConsoleUTMBuilderTests {
    static let web = "https://www.stories.example.com/story?ref=x&utm_source=old"

    @Test("Show final URL answers the form with the merged URL and creates nothing; Create link stores utm")
    func builder() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let token = try await console.csrf()
            let blank = try await console.get("/admin/new-link").text
            #expect(blank.contains(#"<label for="utmSource">UTM source</label>"#))
            #expect(blank.contains("Type a destination."))
            let fields = [
                "destination": Self.web, "slug": "utm", "utmSource": "mail", "utmCampaign": "spring sale",
            ]
            let preview = try await console.post("/admin/links", fields.merging(["preview": "1"]) { $1 }, csrf: token)
            #expect(preview.status == .ok)
            let merged =
                "https://www.stories.example.com/story?ref=x&amp;utm_source=mail&amp;utm_campaign=spring%20sale"
            #expect(preview.text.contains(merged))
            #expect(preview.text.contains(#"value="spring sale""#))
            #expect(try await service.store.link(tenant: "storyteller", slug: "utm") == nil)

            let created = try await console.post("/admin/links", fields, csrf: token)
            #expect(created.status == .seeOther)
            let link = try #require(try await service.store.link(tenant: "storyteller", slug: "utm"))
            #expect(link.content.utm == UTMParameters(source: "mail", campaign: "spring sale"))
            let page = try await console.get("/admin/links/utm").text
            #expect(page.contains("<dt>Final URL</dt><dd class=\"url\">\(merged)</dd>"))
            // The visit goes where the form said.
            let visit = try await client.execute(uri: "/utm", method: .get, headers: .visitor(Agents.desktop))
            #expect(visit.headers[.location] == merged.replacingOccurrences(of: "&amp;", with: "&"))
        }
        await service.close()
    }
}
