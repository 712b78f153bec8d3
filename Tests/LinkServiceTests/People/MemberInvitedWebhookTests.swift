import DeepLinkRouting
import Foundation
import HTTPTypes
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkServiceTesting
import Logging
import NIOCore
import Prometheus
import Testing

/// `member.invited`: an invitation made through the API or the console queues the event in the
/// same store operation, and an endpoint that names it receives the email, role, tenant, the
/// invitation's link, when it expires and who invited; an endpoint that does not name it gets
/// nothing.
@Suite("Webhooks: member.invited")
struct MemberInvitedWebhookTests {
    static let tenant = "storyteller"

    static func endpoint(id: String, url: String, events: [WebhookEventType]) -> WebhookEndpoint {
        let now = Date()
        return WebhookEndpoint(
            id: id, tenant: tenant, url: url, events: events, secret: WebhookSecret.make(), createdAt: now,
            updatedAt: now)
    }

    @Test("an invitation made through the API or the console reaches the endpoint subscribed to member.invited")
    func delivered() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            // The test's own deliverer sends the events: the server's would race it for them.
            var configuration = LinkServiceConfiguration(port: 0)
            configuration.webhooks.deliver = false
            let service = try await TestService.make(configuration: configuration)
            do {
                // Both at the receiver: a delivery to the second would be a third and fourth request.
                _ = try await service.store.insertWebhookEndpoint(
                    Self.endpoint(id: "wh_members", url: url, events: [.memberInvited]), limit: 10)
                _ = try await service.store.insertWebhookEndpoint(
                    Self.endpoint(id: "wh_links", url: url, events: [.linkCreated, .linkUpdated]), limit: 10)
                let key = try await service.key(for: Self.tenant)
                let (answer, shown) = try await service.server.makeApplication().test(.router) { client in
                    let made = try await client.execute(
                        uri: "/api/v1/members/invitations", method: .post, headers: .bearer(key),
                        body: ByteBuffer(string: #"{"email": "Ada@Example.com", "role": "editor"}"#))
                    #expect(made.status == .created)
                    let answer = try #require(made.json)

                    let admin = try await MembersTests.person("admin@example.com", .admin, service: service, client)
                    let page = try await admin.post(
                        "/admin/members/invitations", ["email": "grace@example.com", "role": "viewer"],
                        csrf: try await admin.csrf(from: "/admin/members"))
                    #expect(page.status == .created)
                    let shown = try #require(page.text.range(of: #"<code id="invitation-url">"#))
                    return (answer, String(page.text[shown.upperBound...].prefix { $0 != "<" }))
                }

                let time = ManualClock(Date().addingTimeInterval(5))
                let settings = WebhookSettings(allowPrivate: true)
                let deliverer = WebhookDeliverer(
                    store: service.store, settings: settings, clock: time.clock, timer: time,
                    metrics: WebhookMetrics(registry: .init()), logger: .init(label: "test"))
                let clients = WebhookClients(settings: settings)
                #expect(await deliverer.deliverDueMessages(clients: clients) == 2)
                await clients.shutdown()

                let deliveries = receiver.deliveries
                #expect(deliveries.count == 2, "the links endpoint receives nothing")
                let attempts = try await service.store.webhookAttempts(
                    tenant: Self.tenant, endpointID: "wh_links", limit: 10)
                #expect(attempts.isEmpty)
                let bodies = try deliveries.map { try JSONParser().parse($0.body) }.sorted {
                    ($0[path: "data.email"] ?? "") < ($1[path: "data.email"] ?? "")
                }
                let byAPI = try #require(bodies.first)
                #expect(byAPI[path: "type"] == "member.invited")
                #expect(byAPI[path: "data.email"] == "ada@example.com")
                #expect(byAPI[path: "data.role"] == "editor")
                #expect(byAPI[path: "data.tenant"] == Self.tenant)
                #expect(byAPI[path: "data.url"] == answer[path: "url"])
                #expect(byAPI[path: "data.expiresAt"] == answer[path: "expiresAt"])
                #expect(byAPI[path: "data.invitedBy"]?.hasPrefix("key:") == true)
                let byConsole = try #require(bodies.last)
                #expect(byConsole[path: "data.email"] == "grace@example.com")
                #expect(byConsole[path: "data.role"] == "viewer")
                #expect(byConsole[path: "data.url"] == shown)
                #expect(byConsole[path: "data.invitedBy"] == "person:admin@example.com")
                #expect(byConsole[path: "data.url"]?.contains("/admin/invitations/wfi_") == true)
            } catch {
                await service.close()
                throw error
            }
            await service.close()
        }
    }
}
