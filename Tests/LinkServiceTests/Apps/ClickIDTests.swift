import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkService
import LinkStorage
import NIOCore
import Testing

/// Click ids: made where a click is recorded, handed to the app by the resolve call and the claim
/// answer, and found again in the store under the tenant that recorded them.
@Suite("Click ids")
struct ClickIDTests {
    @Test("click ids are 22 base64url characters, all different, and read back from their text")
    func idText() throws {
        let ids = (0..<1_000).map { _ in ClickID.random() }
        #expect(Set(ids.map(\.text)).count == ids.count)
        for id in ids.prefix(50) {
            #expect(id.text.utf8.count == ClickID.textLength)
            #expect(ClickID(parsing: id.text) == id)
        }
        for text in [
            "", "short", String(repeating: "A", count: 23), String(repeating: "+", count: 22), "AAAAAAAAAAAAAAAAAAAAA=",
        ] {
            #expect(ClickID(parsing: text) == nil, "\(text)")
        }
    }

    @Test("the resolve call records the app's click and answers its id, which the store finds for that tenant only")
    func resolveAnswersClickID() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlushInterval = .milliseconds(50)
        let service = try await TestService.make(
            manifests: [DeferredTenants.local, DeferredTenants.other], configuration: configuration)
        let key = try await service.key(for: "local")
        try await service.server.makeApplication().testLive { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post,
                headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"destination": "https://localhost/item/7", "slug": "seven"}"#))
            #expect(created.status == .created)
            let linkID = try #require(created.json?[path: "id"])
            let first = try await client.execute(
                uri: "/api/v1/resolve?url=https%3A%2F%2Flocalhost%2Fseven", method: .get)
            let second = try await client.execute(
                uri: "/api/v1/resolve?url=https%3A%2F%2Flocalhost%2Fseven", method: .get)
            let firstID = try #require(first.json?[path: "clickId"].flatMap(ClickID.init(parsing:)))
            let secondID = try #require(second.json?[path: "clickId"].flatMap(ClickID.init(parsing:)))
            #expect(firstID != secondID)
            let stored = try await eventually(within: .seconds(10)) {
                try await service.store.click(tenant: "local", id: firstID) != nil
            }
            #expect(stored)
            let reference = try await service.store.click(tenant: "local", id: firstID)
            #expect(reference?.linkID == linkID)
            #expect(try await service.store.click(tenant: "other", id: firstID) == nil)
            #expect(try await service.store.click(tenant: "local", id: .random()) == nil)
        }
        await service.close()
    }

    @Test("a visit given a claim token records its click under the token's nonce, and the claim answers that click id")
    func claimAnswersClickID() async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlushInterval = .milliseconds(50)
        let service = try await TestService.make(
            manifests: [DeferredTenants.local, DeferredTenants.other], configuration: configuration)
        let key = try await service.key(for: "local")
        try await service.server.makeApplication().testLive { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post,
                headers: [.authorization: "Bearer \(key)", .contentType: "application/json"],
                body: ByteBuffer(string: #"{"destination": "https://localhost/item/8", "slug": "eight"}"#))
            let linkID = try #require(created.json?[path: "id"])
            let token = try #require(try await DeferredTenants.androidToken("eight", via: client))
            let claim = try await DeferredTenants.claim(token, via: client)
            #expect(claim.status == .ok)
            let clickID = try #require(claim.json?[path: "clickId"].flatMap(ClickID.init(parsing:)))
            #expect(clickID == ClickID(nonce: try #require(ClaimToken.parse(token)).token.nonce))
            let stored = try await eventually(within: .seconds(10)) {
                try await service.store.click(tenant: "local", id: clickID)?.linkID == linkID
            }
            #expect(stored)
        }
        await service.close()
    }
}
