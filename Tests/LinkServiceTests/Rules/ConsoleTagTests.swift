import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// Tags in the console: the list filters by tag on the server (a plain `GET` form, no script), its
/// pages keep the filter, and the link form writes tags through the API's checks.
@Suite("Console tags")
struct ConsoleTagTests {
    static let web = "https://www.stories.example.com/featured"

    @Test("the link list filters by tag, page by page, and shows each link's tags")
    func filter() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            for index in 0..<45 {
                let tags = index % 2 == 0 ? #"["launch", "n\#(index)"]"# : #"["other"]"#
                _ = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(
                        string: #"{"destination": "\#(Self.web)/\#(index)", "slug": "item\#(index)", "tags": \#(tags)}"#
                    ))
            }
            var console = ConsoleClient(client)
            try await console.signIn(key)
            var seen: [String] = []
            var path = "/admin/links?tag=launch"
            while true {
                let page = try await console.get(path).text
                #expect(page.contains(#"<input id="tag" name="tag" type="text" value="launch""#))
                #expect(page.contains(#"<a class="tag" href="/admin/links?tag=launch">launch</a>"#))
                seen += page.components(separatedBy: #"<a href="/admin/links/item"#).dropFirst().map {
                    "item" + $0.prefix { $0 != "\"" }
                }
                guard let next = page.range(of: #"href="/admin/links?tag=launch&amp;cursor="#) else { break }
                #expect(page.contains(#"rel="next""#))
                path = "/admin/links?tag=launch&cursor=" + page[next.upperBound...].prefix { $0 != "\"" }
            }
            #expect(seen == stride(from: 44, through: 0, by: -2).map { "item\($0)" })
            let both = try await console.get("/admin/links?q=item1&tag=launch").text
            #expect(both.contains(#"href="/admin/links/item10""#))
            #expect(!both.contains(#"href="/admin/links/item11""#))
            #expect(!both.contains(#"href="/admin/links/item2""#))
            let none = try await console.get("/admin/links?tag=nothing").text
            #expect(none.contains("No link matches with the tag “nothing”."))
        }
        await service.close()
    }

    @Test("the link form writes tags, and a bad one is shown at the Tags field with the API's reason")
    func form() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            var console = ConsoleClient(client)
            try await console.signIn(key)
            let token = try await console.csrf()
            let bad = try await console.post(
                "/admin/links", ["destination": Self.web, "slug": "t", "tags": "good, b@d"], csrf: token)
            #expect(bad.status == .badRequest)
            #expect(bad.text.contains(#"id="tags-error""#))
            #expect(bad.text.contains("is not a tag"))
            #expect(bad.text.contains(#"value="good, b@d""#))
            #expect(try await service.store.link(tenant: "storyteller", slug: "t") == nil)
            let created = try await console.post(
                "/admin/links", ["destination": Self.web, "slug": "t", "tags": "spring, mail  launch"], csrf: token)
            #expect(created.status == .seeOther)
            #expect(
                try await service.store.link(tenant: "storyteller", slug: "t")?.content.tags == [
                    "spring", "mail", "launch",
                ])
            let edit = try await console.get("/admin/links/t/edit").text
            #expect(edit.contains(#"value="spring mail launch""#))
            let cleared = try await console.post("/admin/links/t", ["destination": Self.web, "tags": ""], csrf: token)
            #expect(cleared.status == .seeOther)
            #expect(try await service.store.link(tenant: "storyteller", slug: "t")?.content.tags == [])
        }
        await service.close()
    }
}
