import Foundation
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Testing

/// Tags as every store keeps them: read back in the order written, and `tagged:` finding exactly
/// the tenant's links that carry the tag, through updates, deletes and pages.
@Suite("LinkStore tags")
struct LinkStoreTagTests {
    static func makeLink(tenant: String = "storyteller", slug: String, tags: [String]) -> Link {
        var link = LinkStoreConformanceTests.makeLink(tenant: tenant, slug: slug)
        link.content.tags = tags
        return link
    }

    @Test("tags read back in the order written", arguments: LinkStoreFactory.all)
    func readBack(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            let link = Self.makeLink(slug: "spring", tags: ["zeta", "Alpha", "mid-1_x"])
            #expect(try await store.insertLink(link) == .inserted(link))
            #expect(
                try await store.link(tenant: "storyteller", slug: "spring")?.content.tags == [
                    "zeta", "Alpha", "mid-1_x",
                ])
        }
    }

    @Test(
        "tagged pages list only the tenant's links with the tag, each once, in order", arguments: LinkStoreFactory.all)
    func taggedPages(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            var expected: [String] = []
            for index in 0..<9 {
                let tagged = index % 2 == 0
                if tagged { expected.append("s\(index)") }
                _ = try await store.insertLink(
                    Self.makeLink(slug: "s\(index)", tags: tagged ? ["launch", "x\(index)"] : ["other"]))
            }
            // Another tenant's link with the same tag is never listed.
            _ = try await store.insertLink(Self.makeLink(tenant: "else", slug: "s0", tags: ["launch"]))
            var seen: [String] = []
            var cursor: String? = nil
            repeat {
                let page = try await store.links(tenant: "storyteller", tagged: "launch", after: cursor, limit: 2)
                #expect(page.links.count <= 2)
                #expect(page.links.allSatisfy { $0.content.tags.contains("launch") })
                seen += page.links.map(\.slug)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(seen == expected)
            #expect(try await store.links(tenant: "storyteller", tagged: "Launch", after: nil, limit: 50).links.isEmpty)
            #expect(try await store.links(tenant: "storyteller", tagged: nil, after: nil, limit: 50).links.count == 9)

            var newest: [String] = []
            cursor = nil
            repeat {
                let page = try await store.searchLinks(
                    tenant: "storyteller", matching: "s", tagged: "launch", before: cursor, limit: 2)
                newest += page.links.map(\.slug)
                cursor = page.nextCursor
            } while cursor != nil
            #expect(newest == expected.reversed())
        }
    }

    @Test("an update moves the link between tags and a delete leaves no tag behind", arguments: LinkStoreFactory.all)
    func updateAndDelete(factory: LinkStoreFactory) async throws {
        try await factory.withStore { (store: any LinkStore) async throws in
            var link = Self.makeLink(slug: "edit", tags: ["old", "kept"])
            _ = try await store.insertLink(link)
            link.content.tags = ["kept", "new"]
            #expect(try await store.updateLink(link))
            func slugs(_ tag: String) async throws -> [String] {
                try await store.links(tenant: "storyteller", tagged: tag, after: nil, limit: 10).links.map(\.slug)
            }
            #expect(try await slugs("old") == [])
            #expect(try await slugs("kept") == ["edit"])
            #expect(try await slugs("new") == ["edit"])
            #expect(try await store.link(tenant: "storyteller", slug: "edit")?.content.tags == ["kept", "new"])
            #expect(try await store.deleteLink(tenant: "storyteller", slug: "edit", at: Date()))
            // A new link of the same slug is not found by the deleted one's tags.
            _ = try await store.insertLink(Self.makeLink(slug: "edit", tags: []))
            #expect(try await slugs("kept") == [])
            #expect(try await slugs("new") == [])
        }
    }
}
