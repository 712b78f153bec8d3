import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// `tags` through the API: written on create and PATCH, shown with each link, `?tag=` listing the
/// links that carry one; bad tags are a `400` naming `tags[i]`, and nothing is stored.
@Suite("Tags API")
struct TagsAPITests {
    static let web = "https://www.stories.example.com/story"

    static func tags(_ node: JSONNode?) -> [String]? {
        node?["tags"]?.arrayValue?.compactMap(\.stringValue)
    }

    @Test("tags are stored, shown, changed by PATCH and removed by null")
    func roundTrip() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "t", "tags": ["spring", "Mail-1"]}"#)
            )
            #expect(created.status == .created)
            #expect(Self.tags(created.json) == ["spring", "Mail-1"])
            let patched = try await client.execute(
                uri: "/api/v1/links/t", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"tags": ["autumn"]}"#))
            #expect(patched.status == .ok)
            #expect(Self.tags(patched.json) == ["autumn"])
            let read = try await client.execute(uri: "/api/v1/links/t", method: .get, headers: .bearer(key))
            #expect(Self.tags(read.json) == ["autumn"])
            let cleared = try await client.execute(
                uri: "/api/v1/links/t", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"tags": null}"#))
            #expect(cleared.json?["tags"] == nil)
        }
        #expect(try await service.store.link(tenant: "storyteller", slug: "t")?.content.tags == [])
        await service.close()
    }

    @Test(
        "a bad tag is a 400 naming its JSON path, on create and on PATCH, and nothing is stored",
        arguments: [
            (#"["a", "b", "c", "has space"]"#, "tags[3]"),
            (#"["ok", ""]"#, "tags[1]"),
            (#"["\#(String(repeating: "x", count: 33))"]"#, "tags[0]"),
            (#"["ümlaut"]"#, "tags[0]"),
            (#"["same", "same"]"#, "tags[1]"),
            (#"["ok", 7]"#, "tags[1]"),
            (#""spring""#, "tags"),
            ("[" + (0...20).map { #""t\#($0)""# }.joined(separator: ",") + "]", "tags"),
        ])
    func badTags(tags: String, field: String) async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "bad", "tags": \#(tags)}"#))
            #expect(created.status == .badRequest)
            let problem = try #require(created.json)
            #expect(problem[path: "field"] == field)
            #expect(problem[path: "detail"]?.isEmpty == false)
            #expect(try await service.store.link(tenant: "storyteller", slug: "bad") == nil)

            _ = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "\#(Self.web)", "slug": "good", "tags": ["kept"]}"#))
            let patched = try await client.execute(
                uri: "/api/v1/links/good", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"tags": \#(tags)}"#))
            #expect(patched.status == .badRequest)
            #expect(try #require(patched.json)[path: "field"] == field)
        }
        #expect(try await service.store.link(tenant: "storyteller", slug: "good")?.content.tags == ["kept"])
        await service.close()
    }

    @Test("20 tags of 32 characters are accepted")
    func limits() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let tags = (0..<20).map { String(format: "%02d", $0) + String(repeating: "_", count: 30) }
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(
                    string:
                        #"{"destination": "\#(Self.web)", "tags": [\#(tags.map { "\"\($0)\"" }.joined(separator: ","))]}"#
                ))
            #expect(created.status == .created)
            #expect(Self.tags(created.json) == tags)
        }
        await service.close()
    }

    @Test("?tag= lists only the links with the tag, page by page, and a malformed tag is a 400")
    func listByTag() async throws {
        let service = try await TestService.make()
        let key = try await service.key(for: "storyteller")
        let other = try await service.key(for: "chat")
        try await service.server.makeApplication().test(.router) { client in
            var expected: [String] = []
            for index in 0..<7 {
                let tags = index % 3 == 0 ? #"["launch"]"# : #"["other"]"#
                if index % 3 == 0 { expected.append("l\(index)") }
                _ = try await client.execute(
                    uri: "/api/v1/links", method: .post, headers: .bearer(key),
                    body: ByteBuffer(
                        string: #"{"destination": "\#(Self.web)", "slug": "l\#(index)", "tags": \#(tags)}"#))
            }
            var seen: [String] = []
            var cursor: String? = nil
            repeat {
                let uri = "/api/v1/links?tag=launch&limit=2" + (cursor.map { "&cursor=\($0)" } ?? "")
                let page = try await client.execute(uri: uri, method: .get, headers: .bearer(key))
                #expect(page.status == .ok)
                let links = page.json?["links"]?.arrayValue ?? []
                #expect(links.count <= 2)
                seen += links.compactMap { $0[path: "slug"] }
                cursor = page.json?["nextCursor"]?.stringValue
            } while cursor != nil
            #expect(seen == expected)
            let theirs = try await client.execute(
                uri: "/api/v1/links?tag=launch", method: .get, headers: .bearer(other))
            #expect(theirs.json?["links"]?.arrayValue?.isEmpty == true)
            let bad = try await client.execute(uri: "/api/v1/links?tag=a%20b", method: .get, headers: .bearer(key))
            #expect(bad.status == .badRequest)
            #expect(bad.json?[path: "field"] == "tag")
        }
        await service.close()
    }
}
