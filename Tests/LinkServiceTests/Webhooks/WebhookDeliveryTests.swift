import AsyncHTTPClient
import Crypto
import Foundation
import HTTPTypes
import LinkCore
import LinkDelivery
import LinkService
import LinkStorage
import Logging
import Prometheus
import ServiceLifecycleTestKit
import Testing

/// The delivery worker against a real receiver on loopback, its clock moved by hand.
@Suite("Webhook delivery")
struct WebhookDeliveryTests {
    /// A worker on a memory store with one endpoint at `url`, and what a test needs around it.
    struct Harness {
        let store: MemoryLinkStore
        let time: ManualClock
        let settings: WebhookSettings
        let endpoint: WebhookEndpoint
        let deliverer: WebhookDeliverer<ManualClock>
        let clients: WebhookClients

        init(
            url: String, settings: WebhookSettings = WebhookSettings(allowPrivate: true), previousSecret: String? = nil,
            events: [WebhookEventType] = [.linkCreated, .linkUpdated], resolve: WebhookResolver? = nil,
            logger: Logger = Logger(label: "test")
        )
            async throws
        {
            let store = MemoryLinkStore()
            let time = ManualClock(Date(timeIntervalSince1970: 1_800_000_000))
            self.store = store
            self.time = time
            self.settings = settings
            let now = time.clock.now()
            endpoint = WebhookEndpoint(
                id: "wh_test", tenant: "storyteller", url: url, events: events,
                secret: WebhookSecret.make(), previousSecret: previousSecret,
                previousSecretExpiresAt: previousSecret.map { _ in now.addingTimeInterval(86_400) }, createdAt: now,
                updatedAt: now)
            _ = try await store.insertWebhookEndpoint(endpoint, limit: 10)
            var deliverer = WebhookDeliverer(
                store: store, settings: settings, clock: time.clock, timer: time,
                metrics: WebhookMetrics(registry: .init()), logger: logger)
            if let resolve { deliverer.resolve = resolve }
            self.deliverer = deliverer
            clients = WebhookClients(settings: settings)
        }

        /// Queues a test event; its id.
        func queue() async throws -> String {
            try await WebhookEndpointEditor(store: store, settings: settings, clock: time.clock).sendTest(to: endpoint)
        }

        @discardableResult
        func deliver() async -> Int { await deliverer.deliverDueMessages(clients: clients) }

        func log() async throws -> [WebhookAttempt] {
            try await store.webhookAttempts(tenant: "storyteller", endpointID: endpoint.id, limit: 50)
        }

        func close() async { await clients.shutdown() }
    }

    /// Whether `delivery` carries a valid Standard Webhooks signature by `secret` (computed here,
    /// not by the server's code).
    static func verifies(_ delivery: WebhookReceiver.Delivery, secret: String) -> Bool {
        guard let id = delivery.header("webhook-id"), let timestamp = delivery.header("webhook-timestamp"),
            let signatures = delivery.header("webhook-signature"),
            let key = Data(base64Encoded: String(secret.dropFirst("whsec_".count)))
        else { return false }
        let mac = HMAC<SHA256>.authenticationCode(
            for: Data("\(id).\(timestamp).\(delivery.body)".utf8), using: SymmetricKey(data: key))
        let expected = "v1," + Data(mac).base64EncodedString()
        return signatures.split(separator: " ").contains { $0 == expected }
    }

    @Test("a delivery is signed as Standard Webhooks says; a 500 is retried later with the same webhook-id")
    func signedAndRetried() async throws {
        let receiver = WebhookReceiver()
        receiver.script([.init(status: .internalServerError)])
        try await receiver.run { url in
            let harness = try await Harness(url: url)
            let id = try await harness.queue()
            #expect(await harness.deliver() == 1)
            #expect(receiver.deliveries.count == 1)
            // Not due again before the first wait (5 s, a fifth either way).
            harness.time.advance(by: .seconds(3))
            #expect(await harness.deliver() == 0)
            harness.time.advance(by: .seconds(4))
            #expect(await harness.deliver() == 1)
            let deliveries = receiver.deliveries
            #expect(deliveries.count == 2)
            #expect(deliveries.map { $0.header("webhook-id") } == [id, id])
            #expect(deliveries[1].header("content-type") == "application/json")
            #expect(deliveries[1].header("webhook-timestamp") == String(1_800_000_007))
            #expect(deliveries.allSatisfy { Self.verifies($0, secret: harness.endpoint.secret) })
            #expect(!Self.verifies(deliveries[0], secret: WebhookSecret.make()))
            let body = try #require(deliveries.first?.body)
            #expect(body.hasPrefix(#"{"type":"webhook.test","timestamp":"2027-01-15T08:00:00.000Z","data":{"#))
            let log = try await harness.log()
            #expect(log.map(\.outcome) == [.delivered, .retrying])
            #expect(log.map(\.status) == [200, 500])
            #expect(log.last?.error == "HTTP 500")
            await harness.close()
        }
    }

    @Test("during a rotation both secrets sign, each verifies")
    func rotation() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            let old = WebhookSecret.make()
            let harness = try await Harness(url: url, previousSecret: old)
            _ = try await harness.queue()
            await harness.deliver()
            let delivery = try #require(receiver.deliveries.first)
            #expect(delivery.header("webhook-signature")?.split(separator: " ").count == 2)
            #expect(Self.verifies(delivery, secret: old))
            #expect(Self.verifies(delivery, secret: harness.endpoint.secret))
            await harness.close()
        }
    }

    @Test("410 disables the endpoint; a redirect is not followed and is retried")
    func goneAndRedirect() async throws {
        let receiver = WebhookReceiver()
        receiver.script([.init(status: .found, headers: [.location: "/elsewhere"]), .init(status: .gone)])
        try await receiver.run { url in
            let harness = try await Harness(url: url)
            _ = try await harness.queue()
            await harness.deliver()
            harness.time.advance(by: .seconds(10))
            await harness.deliver()
            #expect(receiver.deliveries.map(\.body).contains("elsewhere") == false)
            let log = try await harness.log()
            #expect(log.map(\.outcome) == [.disabled, .retrying])
            #expect(log.last?.error?.contains("redirect to /elsewhere not followed") == true)
            #expect(try await harness.store.webhookEndpoint(tenant: "storyteller", id: "wh_test")?.enabled == false)
            harness.time.advance(by: .seconds(3600))
            #expect(await harness.deliver() == 0)
            await harness.close()
        }
    }

    @Test("Retry-After is honoured, and 429 holds back the endpoint's other messages")
    func retryAfter() async throws {
        let receiver = WebhookReceiver()
        receiver.script([.init(status: .tooManyRequests, headers: [.retryAfter: "120"])])
        try await receiver.run { url in
            let harness = try await Harness(url: url, settings: WebhookSettings(allowPrivate: true, concurrency: 1))
            _ = try await harness.queue()
            await harness.deliver()
            _ = try await harness.queue()
            harness.time.advance(by: .seconds(60))
            #expect(await harness.deliver() == 0)
            harness.time.advance(by: .seconds(61))
            // Both in one batch, the retried one and the one held back.
            #expect(await harness.deliver() == 2)
            #expect(await harness.deliver() == 0)
            #expect(try await harness.log().map(\.outcome) == [.delivered, .delivered, .retrying])
            await harness.close()
        }
    }

    @Test("after the last scheduled retry the event is failed, in the log")
    func failsAtTheEnd() async throws {
        let receiver = WebhookReceiver()
        receiver.script(Array(repeating: .init(status: .serviceUnavailable), count: 3))
        try await receiver.run { url in
            let settings = WebhookSettings(allowPrivate: true, retrySchedule: [.seconds(10), .seconds(20)])
            let harness = try await Harness(url: url, settings: settings)
            _ = try await harness.queue()
            for _ in 0..<3 {
                await harness.deliver()
                harness.time.advance(by: .seconds(30))
            }
            #expect(await harness.deliver() == 0)
            #expect(try await harness.log().map(\.outcome) == [.failed, .retrying, .retrying])
            #expect(try await harness.store.pendingWebhookMessages(clicksOnly: false) == 0)
            await harness.close()
        }
    }

    @Test("the running worker looks for due messages again once its poll interval has passed on its clock")
    func pollsByItsClock() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            let harness = try await Harness(url: url)
            try await testGracefulShutdown { shutdown in
                try await withThrowingTaskGroup { group in
                    group.addTask { try await harness.deliverer.run() }
                    // Nothing was due: the worker waits out its poll interval.
                    #expect(await harness.time.waitForSleepers())
                    _ = try await harness.queue()
                    harness.time.advance(by: harness.settings.pollInterval - .milliseconds(1))
                    #expect(harness.time.sleepers == 1)
                    #expect(receiver.deliveries.isEmpty)
                    harness.time.advance(by: .milliseconds(1))
                    #expect(await eventually { receiver.deliveries.count == 1 })
                    shutdown.triggerGracefulShutdown()
                    try await group.waitForAll()
                }
            }
            await harness.close()
        }
    }

    @Test("no answer within the time limit is a failed attempt")
    func timeout() async throws {
        let receiver = WebhookReceiver()
        // Never answered while the attempt runs: the 100 ms time limit is all the test waits.
        receiver.script([.init(held: true)])
        try await receiver.run { url in
            let harness = try await Harness(
                url: url, settings: WebhookSettings(allowPrivate: true, timeout: .milliseconds(100)))
            _ = try await harness.queue()
            await harness.deliver()
            let log = try await harness.log()
            #expect(log.first?.outcome == .retrying)
            #expect(log.first?.status == nil)
            #expect(log.first?.error == "no answer within the time limit")
            await harness.close()
        }
    }

    @Test("without WAYFINDER_WEBHOOKS_ALLOW_PRIVATE a loopback endpoint is refused again at delivery time")
    func ssrfAtDelivery() async throws {
        let receiver = WebhookReceiver()
        try await receiver.run { url in
            let harness = try await Harness(
                url: url.replacingOccurrences(of: "http:", with: "https:"),
                settings: WebhookSettings(allowPrivate: false))
            _ = try await harness.queue()
            await harness.deliver()
            #expect(receiver.deliveries.isEmpty)
            let log = try await harness.log()
            #expect(log.first?.error?.contains("loopback") == true)
            #expect(log.first?.status == nil)
            await harness.close()
        }
    }
}
