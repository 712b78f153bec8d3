import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import NIOCore
import Testing

/// The bound of undelivered `link.clicked` events, whichever way clicks reach the database.
@Suite("Webhook click-event bound")
struct WebhookClickBoundTests {
    @Test(
        "both click flush modes keep the configured bound of click events and count the drops in /metrics",
        arguments: [ClickFlushMode.synchronous, .batched])
    func configuredBound(mode: ClickFlushMode) async throws {
        var configuration = LinkServiceConfiguration(port: 0)
        configuration.clickFlush = mode
        configuration.clickFlushInterval = .seconds(3600)  // the test flushes
        configuration.webhooks = WebhookSettings(allowPrivate: true, clickEventLimit: 2, deliver: false)
        let service = try await TestService.make(configuration: configuration)
        let key = try await service.key(for: "storyteller")
        try await service.server.makeApplication().test(.router) { client in
            let created = try await client.execute(
                uri: "/api/v1/links", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"destination": "https://www.stories.example.com/x", "slug": "bound"}"#))
            #expect(created.status == .created)
            let hook = try await client.execute(
                uri: "/api/v1/webhooks", method: .post, headers: .bearer(key),
                body: ByteBuffer(string: #"{"url": "http://127.0.0.1:9/hook", "events": ["link.clicked"]}"#))
            #expect(hook.status == .created)
            for _ in 0..<5 {
                let response = try await client.execute(uri: "/bound", method: .get, headers: .visitor(Agents.desktop))
                #expect(response.status == .found)
            }
        }
        let server = service.server
        await ClickFlusher(
            buffer: server.clicks, write: server.writeClicks, interval: .seconds(3600), timer: ContinuousClock(),
            metrics: server.metrics.clicks, logger: Logger(label: "test")
        ).flush()
        #expect(try await service.store.clickCount(tenant: "storyteller") == 5)
        #expect(try await service.store.pendingWebhookMessages(clicksOnly: true) == 2)
        let metrics = try await server.metricsText()
        #expect(metrics.contains("wayfinder_webhook_click_events_dropped_total 3"))
        #expect(metrics.contains("wayfinder_webhook_click_events_queued_total 2"))
        await service.close()
    }
}
