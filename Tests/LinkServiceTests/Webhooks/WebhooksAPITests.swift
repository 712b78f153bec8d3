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

@Suite("Webhooks API")
struct WebhooksAPITests {
    static func service(endpointLimit: Int = 20, allowPrivate: Bool = false) async throws -> TestService {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.webhooks.endpointLimit = endpointLimit
        configuration.webhooks.allowPrivate = allowPrivate
        configuration.webhooks.deliver = false
        return try await TestService.make(configuration: configuration)
    }

    static let hook = "https://192.31.196.10/hooks/wayfinder"

    static func create(_ body: String, key: String, via client: some TestClientProtocol) async throws -> TestResponse {
        try await client.execute(
            uri: "/api/v1/webhooks", method: .post, headers: .bearer(key), body: ByteBuffer(string: body))
    }

    @Test("creating an endpoint answers 201 with a whsec_ secret shown only then")
    func create() async throws {
        let service = try await Self.service()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await Self.create(
                #"{"url": "\#(Self.hook)", "events": ["link.updated", "link.created"], "description": "CRM"}"#,
                key: key, via: client)
            #expect(response.status == .created)
            let json = try #require(response.json)
            let id = try #require(json[path: "id"])
            #expect(response.headers[.location] == "/api/v1/webhooks/\(id)")
            #expect(json[path: "url"] == Self.hook)
            #expect(json["events"]?.arrayValue?.compactMap(\.stringValue) == ["link.created", "link.updated"])
            #expect(json["enabled"]?.boolValue == true)
            #expect(json[path: "description"] == "CRM")
            #expect(json[path: "createdAt"] != nil)
            let secret = try #require(json[path: "secret"])
            #expect(secret.hasPrefix("whsec_"))
            #expect(Data(base64Encoded: String(secret.dropFirst(6)))?.count == 32)

            let read = try await client.execute(uri: "/api/v1/webhooks/\(id)", method: .get, headers: .bearer(key))
            #expect(read.status == .ok)
            #expect(read.json?["secret"] == nil)
            let list = try await client.execute(uri: "/api/v1/webhooks", method: .get, headers: .bearer(key))
            #expect(list.json?["webhooks"]?.arrayValue?.count == 1)
            #expect(list.text.contains("whsec_") == false)
        }
        await service.close()
    }

    @Test(
        "bad input is a 400 problem naming the JSON path, and nothing is stored",
        arguments: [
            (#"{"url": "http://hooks.example.com/x", "events": ["link.created"]}"#, "url"),
            (#"{"url": "not a url", "events": ["link.created"]}"#, "url"),
            (#"{"url": "https://user@192.31.196.10/x", "events": ["link.created"]}"#, "url"),
            (#"{"url": "https://10.1.2.3/x", "events": ["link.created"]}"#, "url"),
            (#"{"url": "https://[::1]/x", "events": ["link.created"]}"#, "url"),
            (#"{"url": "https://[fd12::1]/x", "events": ["link.created"]}"#, "url"),
            (#"{"url": "https://169.254.169.254/latest", "events": ["link.created"]}"#, "url"),
            (#"{"url": "https://localhost/x", "events": ["link.created"]}"#, "url"),
            (#"{"url": "https://192.31.196.10/x", "events": ["link.created", "link.exploded"]}"#, "events[1]"),
            (#"{"url": "https://192.31.196.10/x", "events": ["link.created", "link.created"]}"#, "events[1]"),
            (#"{"url": "https://192.31.196.10/x", "events": []}"#, "events"),
            (#"{"url": "https://192.31.196.10/x"}"#, "events"),
            (#"{"events": ["link.created"]}"#, "url"),
            (#"{"url": "https://192.31.196.10/x", "events": ["link.created"], "enabled": false}"#, "enabled"),
        ])
    func badInput(body: String, field: String) async throws {
        let service = try await Self.service()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let response = try await Self.create(body, key: key, via: client)
            #expect(response.status == .badRequest)
            #expect(response.headers[.contentType] == "application/problem+json")
            #expect(response.json?[path: "field"] == field)
        }
        #expect(try await service.store.webhookEndpoints(tenant: "storyteller").isEmpty)
        await service.close()
    }

    @Test("more endpoints than a tenant may have is a 400, and nothing is stored")
    func tooMany() async throws {
        let service = try await Self.service(endpointLimit: 2)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let body = #"{"url": "\#(Self.hook)", "events": ["link.created"]}"#
            #expect(try await Self.create(body, key: key, via: client).status == .created)
            #expect(try await Self.create(body, key: key, via: client).status == .created)
            let third = try await Self.create(body, key: key, via: client)
            #expect(third.status == .badRequest)
            #expect(third.json?[path: "type"] == "urn:wayfinder:problem:too-many-endpoints")
            #expect(third.json?[path: "field"] == "$")
        }
        #expect(try await service.store.webhookEndpoints(tenant: "storyteller").count == 2)
        await service.close()
    }

    @Test("PATCH changes url, events, description and enabled; another tenant's endpoint is 404")
    func changeAndDelete() async throws {
        let service = try await Self.service()
        let key = try await service.key(for: "storyteller")
        let otherKey = try await service.key(for: "chat")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await Self.create(
                #"{"url": "\#(Self.hook)", "events": ["link.created"]}"#, key: key, via: client)
            let id = try #require(created.json?[path: "id"])
            let patched = try await client.execute(
                uri: "/api/v1/webhooks/\(id)", method: .patch, headers: .bearer(key),
                body: ByteBuffer(
                    string: #"{"events": ["link.clicked"], "enabled": false, "url": "https://192.31.196.11/h"}"#))
            #expect(patched.status == .ok)
            #expect(patched.json?["events"]?.arrayValue?.compactMap(\.stringValue) == ["link.clicked"])
            #expect(patched.json?["enabled"]?.boolValue == false)
            #expect(patched.json?[path: "url"] == "https://192.31.196.11/h")
            let refused = try await client.execute(
                uri: "/api/v1/webhooks/\(id)", method: .patch, headers: .bearer(key),
                body: ByteBuffer(string: #"{"url": "https://192.168.1.1/h"}"#))
            #expect(refused.json?[path: "field"] == "url")
            for method in [HTTPRequest.Method.get, .patch, .delete] {
                let theirs = try await client.execute(
                    uri: "/api/v1/webhooks/\(id)", method: method, headers: .bearer(otherKey),
                    body: ByteBuffer(string: "{}"))
                #expect(theirs.status == .notFound)
            }
            let deleted = try await client.execute(
                uri: "/api/v1/webhooks/\(id)", method: .delete, headers: .bearer(key))
            #expect(deleted.status == .noContent)
            let gone = try await client.execute(uri: "/api/v1/webhooks/\(id)", method: .get, headers: .bearer(key))
            #expect(gone.status == .notFound)
        }
        #expect(try await service.store.webhookEndpoints(tenant: "storyteller").isEmpty)
        await service.close()
    }

    @Test("rotating answers a new secret; the old one keeps signing for 24 hours")
    func rotate() async throws {
        let service = try await Self.service()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await Self.create(
                #"{"url": "\#(Self.hook)", "events": ["link.created"]}"#, key: key, via: client)
            let id = try #require(created.json?[path: "id"])
            let old = try #require(created.json?[path: "secret"])
            let rotated = try await client.execute(
                uri: "/api/v1/webhooks/\(id)/rotate-secret", method: .post, headers: .bearer(key))
            #expect(rotated.status == .ok)
            let new = try #require(rotated.json?[path: "secret"])
            #expect(new.hasPrefix("whsec_") && new != old)
            let stored = try #require(try await service.store.webhookEndpoint(tenant: "storyteller", id: id))
            #expect(stored.secret == new)
            #expect(stored.previousSecret == old)
            let signing = stored.signingSecrets(at: stored.updatedAt.addingTimeInterval(86_399))
            #expect(signing == [new, old])
            #expect(stored.signingSecrets(at: stored.updatedAt.addingTimeInterval(86_400)) == [new])
        }
        await service.close()
    }

    @Test("a test event is queued for the endpoint; the delivery log starts empty; link changes queue events")
    func testEventAndLog() async throws {
        let service = try await Self.service()
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await Self.create(
                #"{"url": "\#(Self.hook)", "events": ["link.created", "link.deleted"]}"#, key: key, via: client)
            let id = try #require(created.json?[path: "id"])
            let test = try await client.execute(
                uri: "/api/v1/webhooks/\(id)/test", method: .post, headers: .bearer(key))
            #expect(test.status == .accepted)
            #expect(test.json?[path: "eventId"]?.hasPrefix("msg_") == true)
            let log = try await client.execute(
                uri: "/api/v1/webhooks/\(id)/deliveries", method: .get, headers: .bearer(key))
            #expect(log.status == .ok)
            #expect(log.json?["deliveries"]?.arrayValue?.isEmpty == true)
            _ = try await LocalTenant.create(
                "hooked", destination: "https://www.stories.example.com/featured", key: key, via: client)
            _ = try await client.execute(uri: "/api/v1/links/hooked", method: .delete, headers: .bearer(key))
        }
        #expect(try await service.store.pendingWebhookMessages(clicksOnly: false) == 3)
        await service.close()
    }
}
