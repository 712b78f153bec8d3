import DeepLinkRouting
import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import NIOCore
import Testing

/// A key of one tenant never reads, lists, changes, counts or creates another tenant's links.
@Suite("Tenant isolation")
struct TenantIsolationTests {
    @Test("a chat key cannot reach a storyteller link: every call is 404 or 400, and nothing changes")
    func isolation() async throws {
        let service = try await TestService.make()
        let storyteller = try await service.key(for: "storyteller")
        let chat = try await service.key(for: "chat")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(storyteller),
                body: ByteBuffer(string: #"{"destination": "https://www.stories.example.com/", "slug": "mine"}"#))
            #expect(created.status == .created)

            #expect(
                try await client.execute(uri: "/api/v1/links/mine", method: .get, headers: .bearer(chat)).status
                    == .notFound)
            #expect(
                try await client.execute(uri: "/api/v1/links/mine/stats", method: .get, headers: .bearer(chat)).status
                    == .notFound)
            let patch = try await client.execute(
                uri: "/api/v1/links/mine", method: .patch, headers: .bearer(chat),
                body: ByteBuffer(string: #"{"destination": "https://chat.example.com/"}"#))
            #expect(patch.status == .notFound)
            #expect(
                try await client.execute(uri: "/api/v1/links/mine", method: .delete, headers: .bearer(chat)).status
                    == .notFound)
            let list = try await client.execute(uri: "/api/v1/links", method: .get, headers: .bearer(chat))
            #expect(list.json?["links"]?.arrayValue?.isEmpty == true)
            // Creating on the other tenant's domain or towards its website is refused.
            let onTheirDomain = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(chat),
                body: ByteBuffer(
                    string: #"{"destination": "https://chat.example.com/", "domain": "stories.example.com"}"#))
            #expect(onTheirDomain.status == .badRequest)
            #expect(onTheirDomain.json?[path: "field"] == "domain")
            let toTheirSite = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(chat),
                body: ByteBuffer(string: #"{"destination": "https://www.stories.example.com/"}"#))
            #expect(toTheirSite.status == .badRequest)
            // The same slug in the chat tenant is a different link, served on chat's domain only.
            let theirs = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(chat),
                body: ByteBuffer(string: #"{"destination": "https://chat.example.com/x", "slug": "mine"}"#))
            #expect(theirs.status == .created)
            let visit = try await client.execute(
                uri: "/mine", method: .get, headers: .visitor(Agents.desktop, host: "chat.example.com"))
            #expect(visit.headers[.location] == "https://chat.example.com/x")

            let unchanged = try await client.execute(
                uri: "/api/v1/links/mine", method: .get, headers: .bearer(storyteller))
            #expect(unchanged.json?[path: "destination"] == "https://www.stories.example.com/")
        }
        await service.close()
    }
}
